--TEST--
Symfony Messenger transport: through Symfony's Worker and retry listener, a message that fails twice counts two failed runs and one processed, timed, in the queue's counters
--DESCRIPTION--
Messenger retries a failed message by sending a copy (with its DelayStamp and
RedeliveryStamp), then rejects (5.4) or acks (6.4 and later) the one that
failed; the transport ends that run as an ack does, counted as failed
(ack(failed: true)), not processed: the copy went through its sender. The run that
succeeds is acked (deferred, sent with the consumer's next get()) and counted as
processed with its duration. Nothing is released or dead: the retries are
Messenger's own copies.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

$name = rl_name();
$transport = sm_transport($name, 'wait=0.1');
$transport->send(new Envelope(new SmMessage('flaky')));
$runs = 0;
$worker = sm_worker($transport, function (SmMessage $m) use (&$runs) {
    if (++$runs < 3) {
        throw new RuntimeException('not yet');
    }
}, function () use (&$runs) {
    return $runs >= 3;
}, maxRetries: 3, delayMs: 100);
sm_run($worker);
rq_check([...$transport->get()] === [], 'the next get() finds nothing (and sends the last ack)');
/* The worker's counts of the acks the server confirmed go with its next write a
 * second later, or at its connection's end: here, the end. */
unset($worker, $transport);
gc_collect_cycles();
$c = rq_queue()->stats($name)['counts'];
rq_check($runs === 3 && $c['processed'] === 1 && $c['failed'] === 2 && $c['durations']['+Inf'] === 1
    && $c['released'] === 0 && $c['retried'] === 0 && $c['dead'] === 0,
    'two runs failed, one processed and timed', $c);
?>
--EXPECT--
ok: the next get() finds nothing (and sends the last ack)
ok: two runs failed, one processed and timed
