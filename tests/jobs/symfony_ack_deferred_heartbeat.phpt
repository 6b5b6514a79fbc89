--TEST--
Symfony Messenger transport: a message the Worker acked stays renewed, and is handed to no other consumer, until the consumer's next get() sends its ack
--DESCRIPTION--
On the stream layout, ack() defers the ack to the consumer's next get() (one round trip per message).
Between the two, the reservation's heartbeat (the transport's watchdog, on by
default) keeps renewing it (visibility 1 s, here for 2.5 s), so another consumer
never gets the message that was already handled. The next get() sends the ack
first: the queue is empty and the handler ran once.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$name = rl_name();
$transport = sm_transport($name, 'visibility=1&wait=0');
$transport->setup();                        // messenger:setup-transports: the stream layout, where ack() defers
$transport->send(new Envelope(new SmMessage('once')));
$runs = 0;
sm_run(sm_worker($transport, function (SmMessage $m) use (&$runs) {
    $runs++;
}, function () use (&$runs) {
    return $runs >= 1;
}));
rq_check($runs === 1, 'the Worker handled the message and acked it', $runs);
$other = sm_transport($name, 'visibility=1&wait=0&watchdog=0');
$stolen = 0;
$end = microtime(true) + 2.5;
while (microtime(true) < $end) {
    $stolen += count([...$other->get()]);
    usleep(100000);
}
rq_check($stolen === 0, 'no other consumer got it in 2.5 visibilities while the ack waited', $stolen);
rq_check(rq_queue()->size($name)['inflight'] === 1, 'it was still reserved, renewed by the heartbeat');
rq_check([...$transport->get()] === [], 'the consumer\'s next get() finds nothing');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'and sent the ack: the queue is empty', $size);
rq_check($runs === 1, 'the message was handled once', $runs);
?>
--EXPECT--
ok: the Worker handled the message and acked it
ok: no other consumer got it in 2.5 visibilities while the ack waited
ok: it was still reserved, renewed by the heartbeat
ok: the consumer's next get() finds nothing
ok: and sent the ack: the queue is empty
ok: the message was handled once
