--TEST--
Symfony Messenger failure transport (?dead=1): messenger:consume handles every dead letter after an undecodable one
--DESCRIPTION--
Symfony Messenger failure transport (?dead=1): messenger:consume on it handles
every dead letter after one whose payload is not an envelope, instead of dying
on it at every start, and leaves that one for an operator
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Stamp\SentToFailureTransportStamp;

$name = rl_name('.failed');
$queue = rq_queue();
$failed = sm_transport($name, 'dead=1');
$queue->enqueue($name, 'garbage', payload: 'not serialized');
$queue->fail($name, 'garbage');
usleep(2000);
foreach (['one', 'two'] as $body) {
    $failed->send(new Envelope(new SmMessage($body), [new SentToFailureTransportStamp('async')]));
}

foreach ([1, 2] as $start) {
    $handled = [];
    try {
        sm_run(sm_worker($failed, function (SmMessage $m) use (&$handled) {
            $handled[] = $m->body;
        }, fn () => $failed->getMessageCount() <= 1, 5));
        echo "start $start: the worker ran, handled ", json_encode($handled), "\n";
    } catch (Throwable $e) {
        echo "start $start: the worker died: ", get_class($e), "\n";
    }
}
$dead = array_column($queue->dead($name), 'payload', 'id');
rq_check($dead === ['garbage' => 'not serialized'], 'the undecodable one is left, payload untouched', $dead);
?>
--EXPECT--
start 1: the worker ran, handled ["one","two"]
start 2: the worker ran, handled []
ok: the undecodable one is left, payload untouched
