--TEST--
Messenger's DeduplicateStamp on a redislock transport: once its message is handled the key is free, while the worker goes on with another transport
--DESCRIPTION--
messenger:consume high low, both redislock transports on the stream layout: after
the message of a key on "low" is handled, Symfony's Worker keeps taking messages
from "high" and does not call "low" again. A send of the key from elsewhere must
be queued then, as Symfony's lock (released after handling) would let it in: the
message holding its key until done is acked at once, not with low's next get().
Before symfony/messenger 7.3 (no DeduplicateStamp) the test says so (EXPECTREGEX).
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';
require __DIR__ . '/../harness/queue_test.inc';

use Symfony\Component\Messenger\Event\WorkerRunningEvent;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Worker;

final class BwLow
{
    public function __construct(public string $body)
    {
    }
}

final class BwHigh
{
    public function __construct(public string $body)
    {
    }
}

final class BwLowHandler
{
    public static array $handled = [];

    public function __invoke(BwLow $m): void
    {
        self::$handled[] = $m->body;
    }
}

final class BwHighHandler
{
    public static int $n = 0;

    public function __invoke(BwHigh $m): void
    {
        self::$n++;
    }
}

if (!class_exists(DeduplicateStamp::class)) {
    echo "ok: this Messenger has no DeduplicateStamp\n";
    exit;
}
$srv = rq_own_main_server();
$name = rl_name();
$base = 'redislock://' . rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT') . '/';
putenv('REDISLOCK_DSN=' . rl_dsn());
$_SERVER['REDISLOCK_DSN'] = rl_dsn();
$kernel = sk_kernel(<<<YAML
redislock:
    connection: '%env(REDISLOCK_DSN)%'
    lock_factory: true
YAML, <<<YAML
    lock: 'flock'
    messenger:
        transports:
            high: '{$base}{$name}-high?wait=0'
            low: '{$base}{$name}-low?wait=0'
        routing:
            BwLow: low
            BwHigh: high
services:
    logger:
        class: Psr\Log\NullLogger
    BwLowHandler:
        class: BwLowHandler
        tags: [messenger.message_handler]
    BwHighHandler:
        class: BwHighHandler
        tags: [messenger.message_handler]
YAML);
$c = $kernel->getContainer()->get('test.service_container');
$bus = $c->get('messenger.default_bus');
$high = $c->get('messenger.transport.high');
$low = $c->get('messenger.transport.low');
$high->setup();
$low->setup();
$queue = rq_queue();
$bus->dispatch(new BwLow('a1'), [new DeduplicateStamp('key-1')]);
$bus->dispatch(new BwHigh('h0'));
$dispatcher = $c->get('event_dispatcher');
$answers = [];
$ticks = 0;
$dispatcher->addListener(WorkerRunningEvent::class, function (WorkerRunningEvent $e) use ($bus, &$answers, &$ticks, $queue, $name): void {
    if (BwLowHandler::$handled === ['a1'] && $ticks < 4) {
        $ticks++;
        // What a producer elsewhere sends under the key, as RedisLockSender sends it.
        $answers[] = $queue->submit("$name-low", "dedupe:probe$ticks", 'x', unique: 'until_done', uniqueFor: 300, uniqueKey: 'key-1');
        $answers[] = $queue->size("$name-low")['inflight'];
        $bus->dispatch(new BwHigh("h$ticks"));   // high stays busy
    }
    if ($e->isWorkerIdle() || $ticks >= 4) {
        $e->getWorker()->stop();
    }
});
(new Worker(['high' => $high, 'low' => $low], $bus, $dispatcher))->run(['sleep' => 1000]);
rq_check(BwLowHandler::$handled === ['a1'] && BwHighHandler::$n >= 2, 'the worker handled a1 on low, then went on with high', [BwLowHandler::$handled, BwHighHandler::$n]);
rq_check(($answers[0] ?? null) === 'queued' && ($answers[1] ?? null) === 0,
    'the first send of the key after a1 was handled is queued; a1 is no longer in flight', $answers);
$srv->stop();
?>
--EXPECTREGEX--
(ok: this Messenger has no DeduplicateStamp|ok: the worker handled a1 on low, then went on with high
ok: the first send of the key after a1 was handled is queued; a1 is no longer in flight)
