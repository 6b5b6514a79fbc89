--TEST--
Symfony Messenger transport: a DelayStamp of 1.2 s makes the message due 1.2 s later by the Redis server's clock: counted as delayed at once, not handed out before, handed out after
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\DelayStamp;

$name = rl_name();
$raw = new RawRedis();
$transport = sm_transport($name, 'wait=0');
$before = rq_server_time($raw);
$sent = $transport->send(new Envelope(new SmMessage('later'), [new DelayStamp(1200)]));
$sentAt = rq_server_time($raw);
$id = $sent->last(Symfony\Component\Messenger\Stamp\TransportMessageIdStamp::class)->getId();
$due = (float) $raw->call('ZSCORE', 'Queue:' . $name, $id);
/* Between the server's clock before and after send() (1 ms for rounding). */
rq_check($due - $before >= 1.2 && $due <= $sentAt + 1.201, 'its due time is 1.2 s after the server\'s clock at send()', [$due - $before, $sentAt - $before]);
$size = rq_queue()->size($name);
rq_check($size['delayed'] === 1 && $size['due'] === 0, 'the message is delayed', $size);
rq_check($transport->getMessageCount() === 1, 'getMessageCount() counts delayed messages');
$early = 0;
$got = null;
$end = microtime(true) + 30;
while (microtime(true) < $end) {
    $envelopes = [...$transport->get()];
    if ($envelopes) {
        $got = $envelopes[0];
        break;
    }
    $early++;
    usleep(20000);
}
$after = rq_server_time($raw);
rq_check($got !== null && $got->getMessage()->body === 'later', 'the message comes', $got);
rq_check($after - $before >= 1.2, 'not before 1.2 s of the server\'s clock', $after - $before);
/* The bound only catches a message that never came when due. */
rq_check($after - $before < 30, 'and once due, not long after', $after - $before);
rq_check($early >= 1, 'get() found nothing while it was not due', $early);
$transport->ack($got);
?>
--EXPECT--
ok: its due time is 1.2 s after the server's clock at send()
ok: the message is delayed
ok: getMessageCount() counts delayed messages
ok: the message comes
ok: not before 1.2 s of the server's clock
ok: and once due, not long after
ok: get() found nothing while it was not due
