--TEST--
Symfony Messenger on a paused queue: the Worker handles none of its messages, send() still queues, and once resumed every message is handled once
--DESCRIPTION--
Through Symfony's own Worker and our transport, on both layouts: the queue is
paused with RedisQueue::pause() (as the operator's pause-queue does); the Worker
runs for a while (until a timer ends it) and handles nothing, its get() finding
nothing; send() still queues; getMessageCount() still counts the waiting
messages. After resume() the Worker handles each message once, in order.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use Symfony\Component\Messenger\Envelope;

foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    if ($layout === 'stream') {
        rq_queue()->migrate($name);
    }
    $transport = sm_transport($name, 'wait=0');
    $transport->send(new Envelope(new SmMessage('a', 1)));
    rq_queue()->pause($name);
    $transport->send(new Envelope(new SmMessage('b', 2)));
    $handled = [];
    $handler = function (SmMessage $m) use (&$handled) { $handled[] = $m->body; };
    $polls = 0;
    sm_run(sm_worker($transport, $handler, function () use (&$polls) { return ++$polls > 10; }));
    rq_check($handled === [] && $transport->getMessageCount() === 2, "$layout: paused, the Worker handles nothing (10 polls); both messages wait", [$handled, $transport->getMessageCount()]);
    rq_queue()->resume($name);
    sm_run(sm_worker($transport, $handler, function () use (&$handled) { return count($handled) >= 2; }));
    rq_check($handled === ['a', 'b'], "$layout: resumed, each is handled once, in order", $handled);
    // The last ack goes with the transport's next call (a deferred ack on the stream layout).
    rq_check($transport->getMessageCount() === 0 && rq_queue()->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0],
        "$layout: the queue is empty", rq_queue()->size($name));
}
?>
--EXPECT--
ok: zset: paused, the Worker handles nothing (10 polls); both messages wait
ok: zset: resumed, each is handled once, in order
ok: zset: the queue is empty
ok: stream: paused, the Worker handles nothing (10 polls); both messages wait
ok: stream: resumed, each is handled once, in order
ok: stream: the queue is empty
