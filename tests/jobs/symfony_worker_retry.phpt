--TEST--
Symfony Messenger transport: with Symfony's Worker and retry listener, a handler that fails twice succeeds on its third run
--DESCRIPTION--
Symfony Messenger transport: with Symfony's Worker and retry listener
(max_retries 3, delay 300 ms), a handler that fails twice succeeds on its third
run; each retry is a new message due after the DelayStamp, the failed one is
removed, and the queue ends empty
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;

$name = rl_name();
$raw = new RawRedis();
$transport = sm_transport($name, 'wait=0.1');
$first = $transport->send(new Envelope(new SmMessage('flaky')))->last(TransportMessageIdStamp::class)->getId();
rq_check($raw->call('HEXISTS', '{Queue:' . $name . '}:payloads', $first) === 1, 'the first message carries its envelope as payload');
$runs = [];
$worker = sm_worker($transport, function (SmMessage $m) use (&$runs, $raw) {
    $runs[] = rq_server_time($raw);
    if (count($runs) < 3) {
        throw new RuntimeException('not yet');
    }
}, function () use (&$runs) {
    return count($runs) >= 3;
}, maxRetries: 3, delayMs: 300);
sm_run($worker);
rq_check(count($runs) === 3, 'three runs: two failures, one success', count($runs));
rq_check($runs[1] - $runs[0] >= 0.3 && $runs[2] - $runs[1] >= 0.3, 'each retry came after its 300 ms delay, by the server\'s clock', [$runs[1] - $runs[0], $runs[2] - $runs[1]]);
/* The last ack goes in the same write as the consumer's next get(). */
rq_check([...$transport->get()] === [], 'the next get() finds nothing');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the queue is empty: the failed runs were removed, the last acked', $size);
rq_check($raw->call('HEXISTS', '{Queue:' . $name . '}:payloads', $first) === 0, 'the first message\'s payload is gone');
?>
--EXPECT--
ok: the first message carries its envelope as payload
ok: three runs: two failures, one success
ok: each retry came after its 300 ms delay, by the server's clock
ok: the next get() finds nothing
ok: the queue is empty: the failed runs were removed, the last acked
ok: the first message's payload is gone
