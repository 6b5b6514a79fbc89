--TEST--
Symfony Messenger transport: a message carries the trace context it was sent in to its handler, through a retry, to the messages it sends; the next message starts without it
--DESCRIPTION--
In a booted Symfony application, the bundle's boot() makes TraceContext read
the main request of the container's request_stack, and every bus has the
bundle's TraceContextMiddleware first (the default bus, and one without the
default middleware). Through Symfony's Worker and retry listener, on a bus with
that middleware:
- a message sent while a request with a trace context is served gets a
  TraceContextStamp; while its handler runs, TraceContext::current() is that
  context, and a message the handler sends carries it on;
- a message that fails once keeps it in its retry copy: both runs see it;
- a message sent with no context runs with none, after the others in the same
  worker: the transport reset it when the message before was acked;
- a header that is no valid traceparent is carried as nothing; a stamp with
  one that is invalid (a hand-made or hostile payload) gives no context.
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';
require_once __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\Messenger\TraceContextStamp;
use RedisLock\Bridge\Symfony\Messenger\TraceContextMiddleware;
use RedisLock\Bridge\TraceContext;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpKernel\Kernel;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\MessageBus;

// A real application with the bundle: its boot() points TraceContext at request_stack.
// Every bus of an application has TraceContextMiddleware first: here the default
// bus with the default middleware, then (another application) one without.
$first = function (Kernel $kernel): ?object {
    foreach ((new ReflectionProperty(MessageBus::class, 'middlewareAggregate'))->getValue($kernel->getContainer()->get('messenger.default_bus')) as $m) {
        return $m;
    }
    return null;
};
foreach (['with the default middleware' => '~', 'without' => '{ default_middleware: false }'] as $label => $bus) {
    $kernel = sk_kernel("redislock:\n    connection: '" . rl_dsn() . "'\n",
        "    messenger:\n        default_bus: app.bus\n        buses:\n            app.bus: $bus\n");
    $m = $first($kernel);
    rq_check($m instanceof TraceContextMiddleware, "a bus $label: TraceContextMiddleware comes first", $m === null ? null : get_class($m));
}
$stack = $kernel->getContainer()->get('request_stack');
$serve = function (array $headers) use ($stack) {
    while ($stack->pop() !== null) {
    }
    $server = [];
    foreach ($headers as $k => $v) {
        $server['HTTP_' . strtoupper($k)] = $v;
    }
    $stack->push(Request::create('/', 'GET', [], [], [], $server));
};
$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$tp2 = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';

$name = rl_name();
$transport = sm_transport($name, 'wait=0.1');
$serve(['traceparent' => $tp, 'tracestate' => 'congo=t61rcWkgMzE']);
$transport->send(new Envelope(new SmMessage('traced')));
$serve(['traceparent' => '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01']);
$transport->send(new Envelope(new SmMessage('upper')));
$serve([]);
$before = TraceContext::set(TraceContext::parse($tp2));
$transport->send(new Envelope(new SmMessage('flaky')));
TraceContext::set($before);
$transport->send(new Envelope(new SmMessage('hand-made'), [new TraceContextStamp(str_repeat('0', 55), 'k=v')]));
$transport->send(new Envelope(new SmMessage('plain')));

$seen = [];
$flaky = 0;
$worker = sm_worker($transport, function (SmMessage $m) use (&$seen, &$flaky, $transport) {
    $c = TraceContext::current();
    $seen[] = str_pad($m->body, 10) . ' ' . ($c?->traceparent ?? '-') . ' ' . ($c?->tracestate ?? '-');
    $label = $m->body;
    if ($label === 'traced') {
        $transport->send(new Envelope(new SmMessage('child')));
    }
    if ($label === 'flaky' && ++$flaky === 1) {
        throw new RuntimeException('once');
    }
}, fn () => count($seen) >= 7, maxRetries: 2, delayMs: 100, middleware: [new TraceContextMiddleware()]);
sm_run($worker);
sort($seen);   // the runs, whatever order the retry came in
echo implode("\n", $seen), "\n";
echo 'after the messages: ', TraceContext::current()?->traceparent ?? 'none', "\n";
rq_check([...$transport->get()] === [], 'nothing left');
?>
--EXPECT--
ok: a bus with the default middleware: TraceContextMiddleware comes first
ok: a bus without: TraceContextMiddleware comes first
child      00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 congo=t61rcWkgMzE
flaky      00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 -
flaky      00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 -
hand-made  - -
plain      - -
traced     00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01 congo=t61rcWkgMzE
upper      - -
after the messages: none
ok: nothing left
