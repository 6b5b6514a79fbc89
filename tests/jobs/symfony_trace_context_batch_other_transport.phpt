--TEST--
Symfony Messenger: a message a batch handler holds unacked leaves its trace context to no message of another transport the same Worker handles next, nor to the Worker after it stops
--DESCRIPTION--
One Worker consumes a redislock transport and an in-memory one. A traced
message of ours goes to a batch handler, which holds it (no ack) until the
Worker is idle; the other transport's message, handled meanwhile, runs with no
context: TraceContextMiddleware, first on the bus, handles each received message
in its own context (or none), whatever its transport, for exactly the time the
bus handles it.
--FILE--
<?php
require __DIR__ . '/symfony_test.inc';

use RedisLock\Bridge\Symfony\Messenger\TraceContextMiddleware;
use RedisLock\Bridge\TraceContext;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Handler\Acknowledger;
use Symfony\Component\Messenger\Handler\BatchHandlerInterface;
use Symfony\Component\Messenger\Handler\BatchHandlerTrait;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Worker;

final class BtOther
{
    public function __construct(public string $body)
    {
    }
}

final class BtBatch implements BatchHandlerInterface
{
    use BatchHandlerTrait;

    public array $seen = [];

    public function __invoke(SmMessage $m, ?Acknowledger $ack = null)
    {
        return $this->handle($m, $ack);
    }

    private function shouldFlush(): bool
    {
        return false;   // flushed when the Worker is idle
    }

    private function process(array $jobs): void
    {
        foreach ($jobs as [$m, $ack]) {
            $this->seen[] = $m->body;
            $ack->ack($m);
        }
    }
}

$memory = class_exists(Symfony\Component\Messenger\Transport\InMemory\InMemoryTransport::class)
    ? Symfony\Component\Messenger\Transport\InMemory\InMemoryTransport::class
    : Symfony\Component\Messenger\Transport\InMemoryTransport::class;
$tp = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
$name = rl_name();
$ours = sm_transport($name, 'wait=0.1');
$other = new $memory();
$before = TraceContext::set(TraceContext::parse($tp));
$ours->send(new Envelope(new SmMessage('batched')));
TraceContext::set($before);
$other->send(new Envelope(new BtOther('other')));

$batch = new BtBatch();
$seen = [];
$bus = new MessageBus([new TraceContextMiddleware(), new HandleMessageMiddleware(new HandlersLocator([
    SmMessage::class => [$batch],
    BtOther::class => [function (BtOther $m) use (&$seen) {
        $seen[] = $m->body . ': ' . (TraceContext::current()?->traceparent ?? 'none');
    }],
]))]);
$dispatcher = new EventDispatcher();
$deadline = microtime(true) + 20;
$dispatcher->addSubscriber(new SmStopWhen(fn () => microtime(true) >= $deadline || (count($batch->seen) >= 1 && count($seen) >= 1)));
sm_run(new Worker(['async' => $ours, 'other' => $other], $bus, $dispatcher));
echo 'batch: ', json_encode($batch->seen), "\n";
echo implode("\n", $seen), "\n";
echo 'after the Worker: ', TraceContext::current()?->traceparent ?? 'none', "\n";
$c = rq_queue()->size($name);
rq_check($c['due'] + $c['inflight'] === 0, 'the batched message was acked');
?>
--EXPECT--
batch: ["batched"]
other: none
after the Worker: none
ok: the batched message was acked
