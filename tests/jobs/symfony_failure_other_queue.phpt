--TEST--
Symfony Messenger transport: a failure transport on another queue's dead letters receives the poison message, and the original queue keeps nothing
--DESCRIPTION--
Symfony Messenger transport: a failure transport on the dead letters of another
queue (redislock://host/failed?dead=1) receives the poison message after
Messenger's retries, payload and error details included, and the original queue
is left with nothing, not even a dead letter; get() from it and ack() remove it
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\ErrorDetailsStamp;

$name = rl_name();
$failedName = rl_name('.failed');
$transport = sm_transport($name, 'wait=0.1');
$failed = sm_transport($failedName, 'dead=1');
$transport->send(new Envelope(new SmMessage("to the other queue \0")));
$runs = 0;
sm_run(sm_worker($transport, function (SmMessage $m) use (&$runs) {
    $runs++;
    throw new LogicException('never works');
}, fn () => $failed->getMessageCount() > 0, 20, maxRetries: 1, delayMs: 50, failure: $failed));
rq_check($runs === 2, 'the handler ran twice (one retry)', $runs);
/* The failed message's reject goes in the same write as the consumer's next get(). */
rq_check([...$transport->get()] === [], 'the next get() on the original queue finds nothing');
$size = rq_queue()->size($name);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the original queue holds nothing', $size);
$size = rq_queue()->size($failedName);
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 1], 'the failure queue holds one dead letter and nothing else', $size);
[$envelope] = [...$failed->get()];
rq_check($envelope->getMessage()->body === "to the other queue \0" && $envelope->last(ErrorDetailsStamp::class)?->getExceptionMessage() === 'never works',
    'with the message and its error details');
$failed->ack($envelope);
rq_check($failed->getMessageCount() === 0 && [...$failed->get()] === [], 'ack() on the failure transport removes it');
?>
--EXPECT--
ok: the handler ran twice (one retry)
ok: the next get() on the original queue finds nothing
ok: the original queue holds nothing
ok: the failure queue holds one dead letter and nothing else
ok: with the message and its error details
ok: ack() on the failure transport removes it
