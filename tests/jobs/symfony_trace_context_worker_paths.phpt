--TEST--
Symfony Messenger: a message's trace context ends with its handling when a Worker listener throws, when a listener skips the message, and when a handler runs a Worker of its own
--DESCRIPTION--
TraceContextMiddleware scopes the context to the bus's handling of a received
message, so no Worker path outside it leaves the context behind:
- a WorkerMessageReceivedEvent listener that throws ends the Worker with its
  exception: the process goes on with no context, and what it sends after
  carries none;
- a listener that skips the message (shouldHandle(false), as
  messenger:failed:retry's "no" does): the Worker's idle listeners run with
  none, and a message they send carries none;
- a handler that runs a Worker of its own (same dispatcher) on another
  transport: the inner message runs in its own context (none), and the outer
  handler goes on in the outer message's context after it.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use RedisLock\Bridge\Symfony\Messenger\TraceContextMiddleware;
use RedisLock\Bridge\Symfony\Messenger\TraceContextStamp;
use RedisLock\Bridge\TraceContext;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Event\WorkerMessageReceivedEvent;
use Symfony\Component\Messenger\Event\WorkerRunningEvent;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Worker;

final class WpInner
{
    public function __construct(public string $body)
    {
    }
}

$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$traced = function (string $body) use ($tp): string {
    $name = rl_name();
    $before = TraceContext::set(TraceContext::parse($tp));
    sm_transport($name)->send(new Envelope(new SmMessage($body)));
    TraceContext::set($before);
    return $name;
};
$carried = function (string $name): string {
    $t = sm_transport($name, 'wait=0.1');
    foreach ($t->get() as $e) {
        $t->ack($e);
        return $e->last(TraceContextStamp::class)?->getTraceparent() ?? 'none';
    }
    return 'no message';
};
$bus = fn (array $handlers) => new MessageBus([new TraceContextMiddleware(), new HandleMessageMiddleware(new HandlersLocator($handlers))]);

// A listener that throws.
$name = $traced('throwing listener');
$dispatcher = new EventDispatcher();
$dispatcher->addListener(WorkerMessageReceivedEvent::class, function () {
    throw new RuntimeException('a listener failed');
});
try {
    (new Worker(['async' => sm_transport($name, 'wait=0.1')], $bus([SmMessage::class => [fn () => null]]), $dispatcher))->run(['sleep' => 50000]);
} catch (RuntimeException $e) {
    echo 'the Worker threw: ', $e->getMessage(), "\n";
}
$later = rl_name();
sm_transport($later)->send(new Envelope(new SmMessage('sent after')));
echo 'after it: ', TraceContext::current()?->traceparent ?? 'none', ', a message sent then carries: ', $carried($later), "\n";

// A listener that skips the message.
$name = $traced('skipped');
$idle = [];
$sent = rl_name();
$dispatcher = new EventDispatcher();
$dispatcher->addListener(WorkerMessageReceivedEvent::class, fn (WorkerMessageReceivedEvent $e) => $e->shouldHandle(false));
$dispatcher->addListener(WorkerRunningEvent::class, function (WorkerRunningEvent $e) use (&$idle, $sent) {
    if ($e->isWorkerIdle() && !$idle) {
        $idle[] = TraceContext::current()?->traceparent ?? 'none';
        sm_transport($sent)->send(new Envelope(new SmMessage('sent by an idle listener')));
        $e->getWorker()->stop();
    }
});
$deadline = microtime(true) + 10;
$dispatcher->addSubscriber(new SmStopWhen(fn () => microtime(true) >= $deadline));
(new Worker(['async' => sm_transport($name, 'wait=0.1')], $bus([SmMessage::class => [fn () => null]]), $dispatcher))->run(['sleep' => 50000]);
echo 'skipped: the idle listener ran in ', $idle[0] ?? '?', ', its message carries: ', $carried($sent), "\n";

// A handler that runs a Worker of its own.
$name = $traced('outer');
$memory = class_exists(Symfony\Component\Messenger\Transport\InMemory\InMemoryTransport::class)
    ? Symfony\Component\Messenger\Transport\InMemory\InMemoryTransport::class
    : Symfony\Component\Messenger\Transport\InMemoryTransport::class;
$inner = new $memory();
$inner->send(new Envelope(new WpInner('inner')));
$dispatcher = new EventDispatcher();
$seen = [];
$done = false;
$innerBus = $bus([WpInner::class => [function (WpInner $m) use (&$seen) {
    $seen[] = 'inner: ' . (TraceContext::current()?->traceparent ?? 'none');
}]]);
$outerBus = $bus([SmMessage::class => [function (SmMessage $m) use (&$seen, &$done, $inner, $innerBus, $dispatcher) {
    $seen[] = 'outer before: ' . (TraceContext::current()?->traceparent ?? 'none');
    (new Worker(['mem' => $inner], $innerBus, $dispatcher))->run(['sleep' => 1000]);
    $seen[] = 'outer after: ' . (TraceContext::current()?->traceparent ?? 'none');
    $done = true;
}]]);
$polls = 0;
$dispatcher->addSubscriber(new SmStopWhen(function () use (&$done, &$polls) {
    return $done || ++$polls > 400;
}));
(new Worker(['async' => sm_transport($name, 'wait=0.1')], $outerBus, $dispatcher))->run(['sleep' => 1000]);
echo implode("\n", $seen), "\n";
echo 'after both: ', TraceContext::current()?->traceparent ?? 'none', "\n";
?>
--EXPECT--
the Worker threw: a listener failed
after it: none, a message sent then carries: none
skipped: the idle listener ran in none, its message carries: none
outer before: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
inner: none
outer after: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
after both: none
