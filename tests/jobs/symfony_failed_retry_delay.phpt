--TEST--
Symfony Messenger failure transport (?dead=1): a message that fails again comes back only after the retry delay
--DESCRIPTION--
Symfony Messenger failure transport (?dead=1): a message that fails again while
messenger:consume consumes the failure transport comes back only after the retry
delay (1 s), and no other consumer gets it earlier

Messenger's retry listener sends a failed message back to the transport it came
from with a DelayStamp; for the failure transport that is the dead letters
again. The new dead letter is claimed for the delay before it is written, so a
second consumer polling all along gets nothing until the delay has passed.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;

$name = rl_name('.failed');
$failed = sm_transport($name, 'dead=1');
$failed->send(new Envelope(new SmMessage('again'), [new SentToFailureTransportStamp('async')]));

$times = [];
$other = sm_transport($name, 'dead=1');
$early = 0;
$byOther = 0;
sm_run(sm_worker($failed, function (SmMessage $m) use (&$times) {
    $times[] = microtime(true);
    if (count($times) === 1) {
        throw new RuntimeException('fails once');
    }
}, function () use (&$times, $other, &$early, &$byOther) {
    if (count($times) === 1) {
        // Between the two runs another consumer polls too. Before the delay it
        // must find nothing; once the delay has passed it may win the message
        // from the worker, which then counts as the second run.
        foreach ($other->get() as $envelope) {
            $now = microtime(true);
            if ($now - $times[0] < 0.95) {
                $early++;
            }
            $times[] = $now;
            $byOther++;
            $other->ack($envelope);
        }
    }
    return count($times) >= 2;
}, 20, maxRetries: 1, delayMs: 1000));

rq_check(count($times) === 2, 'the message ran twice (the second time in the worker or, after the delay, in the other consumer)', [$times, $byOther]);
$gap = count($times) === 2 ? $times[1] - $times[0] : 0;
rq_check($gap >= 0.95, 'the second run came after the 1 s retry delay, not before it', $gap);
rq_check($early === 0, 'no other consumer got it during the delay', $early);
rq_check($failed->getMessageCount() === 0, 'it is gone once handled');
?>
--EXPECT--
ok: the message ran twice (the second time in the worker or, after the delay, in the other consumer)
ok: the second run came after the 1 s retry delay, not before it
ok: no other consumer got it during the delay
ok: it is gone once handled
