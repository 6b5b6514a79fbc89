--TEST--
Messenger's DeduplicateStamp on a redislock transport: one script per send, no lock; what it drops and lets in matches Symfony's lock, retries included; absent before 7.3
--DESCRIPTION--
A Symfony application (FrameworkBundle, Messenger, the lock component on our
store, RedisLockBundle) on a server of the test's own, so INFO commandstats
counts this test's commands. With symfony/messenger 7.3 or later:
- dispatching a message with a DeduplicateStamp routed to one redislock
  transport sends one script (EVALSHA/EVAL) and leaves no lock key; the same key
  again while it waits is dropped (no SentStamp, still one message queued);
- routed to two transports (ours and an in-memory one) it goes through
  Symfony's own DeduplicateMiddleware: the lock's save and its ttl beside the
  enqueue, 3 scripts (and a release on receipt);
- once Symfony's Worker has handled it (with the container's bus), the key is
  free: the next dispatch is queued;
- onlyDeduplicateInQueue: once a worker has received the message, the same key
  is queued again (parked behind it), while it waits, dropped;
- a handler that fails once: the retry keeps the key taken (a dispatch
  meanwhile is dropped), runs, and then the key is free;
- a ttl of 50 ms: once the server's clock has passed it, a dispatch while the
  first runs, or while it still waits, is queued, as the lock's expiry would let
  it in; each runs once;
- every message keeps its own task id: under onlyDeduplicateInQueue, the retry of
  a message that failed while another of its key waited is not lost; a message
  that fails for good reaches the failure transport (?dead=1), and a later send
  of its key is queued and runs while it stays there.
Before 7.3 there is no DeduplicateStamp: the bundle registers no middleware for
it, and the transport still sends and consumes. The expected output allows
either branch (EXPECTREGEX).
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';
require __DIR__ . '/../harness/queue_test.inc';

use Symfony\Component\Lock\Key;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Event\WorkerMessageReceivedEvent;
use Symfony\Component\Messenger\Event\WorkerRunningEvent;
use Symfony\Component\Messenger\Stamp\TransportMessageIdStamp;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Stamp\SentStamp;
use Symfony\Component\Messenger\Worker;

final class DsMessage
{
    public function __construct(public string $body)
    {
    }
}

final class DsBoth
{
    public function __construct(public string $body)
    {
    }
}

final class DsHandler
{
    /** @var list<string> */
    public static array $handled = [];
    /** @var array<string, int> bodies that throw, and how many times */
    public static array $fail = [];

    public function __invoke(DsMessage $m): void
    {
        if ((self::$fail[$m->body] ?? 0) > 0) {
            self::$fail[$m->body]--;
            throw new RuntimeException("fails: $m->body");
        }
        self::$handled[] = $m->body;
    }
}

final class DsBothHandler
{
    public function __invoke(DsBoth $m): void
    {
    }
}

$srv = rq_own_main_server();
$raw = new RawRedis();
$name = rl_name();
$dsn = 'redislock://' . rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT') . '/' . $name . '?wait=0';
putenv('REDISLOCK_DSN=' . rl_dsn());
$_SERVER['REDISLOCK_DSN'] = rl_dsn();
$kernel = sk_kernel(<<<YAML
redislock:
    connection: '%env(REDISLOCK_DSN)%'
    lock_factory: true
YAML, <<<YAML
    lock: 'flock'
    messenger:
        failure_transport: failed
        transports:
            async:
                dsn: '$dsn'
                retry_strategy: { max_retries: 1, delay: 0 }
            failed: '$dsn&dead=1'
            other: 'in-memory://'
        routing:
            DsMessage: async
            DsBoth: [async, other]
services:
    logger:
        class: Psr\Log\NullLogger
    DsHandler:
        class: DsHandler
        tags: [messenger.message_handler]
    DsBothHandler:
        class: DsBothHandler
        tags: [messenger.message_handler]
YAML);
$c = $kernel->getContainer()->get('test.service_container');
$bus = $c->get('messenger.default_bus');
$transport = $c->get('messenger.transport.async');
$queue = rq_queue();

/** Runs Symfony's Worker on the transport until it finds nothing. */
function ds_consume($c, $transport, $bus): void
{
    $dispatcher = $c->get('event_dispatcher');
    $stop = static function (WorkerRunningEvent $e): void {
        if ($e->isWorkerIdle()) {
            $e->getWorker()->stop();
        }
    };
    $dispatcher->addListener(WorkerRunningEvent::class, $stop);
    (new Worker(['async' => $transport], $bus, $dispatcher))->run(['sleep' => 1000]);
    $dispatcher->removeListener(WorkerRunningEvent::class, $stop);
}

/** Scripts run and lock commands sent during $fn (the lock store's scripts are scripts too). */
function ds_count(RawRedis $raw, callable $fn): array
{
    $scripts = fn () => rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
    $before = $scripts();
    $result = $fn();
    return [$scripts() - $before, $result];
}

if (!class_exists(DeduplicateStamp::class)) {
    rq_check(!$c->has('redislock.messenger.deduplicate_middleware'), 'this Messenger has no DeduplicateStamp: no middleware registered for it');
    $bus->dispatch(new DsMessage('plain'));
    ds_consume($c, $transport, $bus);
    rq_check(DsHandler::$handled === ['plain'], 'and the transport sends and consumes', DsHandler::$handled);
    $srv->stop();
    exit;
}
echo "ok: this Messenger has DeduplicateStamp\n";
$size = fn () => $queue->size($name)['due'] + $queue->size($name)['delayed'] + $queue->size($name)['inflight'];

// Warm-up: connections made, scripts loaded.
$bus->dispatch(new DsMessage('warm-up'), [new DeduplicateStamp('warm-up')]);
$bus->dispatch(new DsBoth('warm-up'), [new DeduplicateStamp('warm-up-both')]);
ds_consume($c, $transport, $bus);
DsHandler::$handled = [];

[$n1, $e1] = ds_count($raw, fn () => $bus->dispatch(new DsMessage('a1'), [new DeduplicateStamp('k1')]));
[$n2, $e2] = ds_count($raw, fn () => $bus->dispatch(new DsMessage('a2'), [new DeduplicateStamp('k1')]));
rq_check($n1 === 1 && $e1->last(SentStamp::class) !== null, 'one transport: one script, sent', $n1);
rq_check($n2 === 1 && $e2->last(SentStamp::class) === null && $size() === 1, 'the same key while it waits: one script, dropped (no SentStamp), one message queued', [$n2, $size()]);
rq_check(rq_state_keys($raw, 'k1') === [], 'no lock key for it', rq_state_keys($raw, 'k1'));

[$n3] = ds_count($raw, fn () => $bus->dispatch(new DsBoth('b'), [new DeduplicateStamp('k2')]));
rq_check($n3 === 3, "two transports: Symfony's lock (its save, then its ttl), then the enqueue: 3 scripts", $n3);

ds_consume($c, $transport, $bus);
rq_check(DsHandler::$handled === ['a1'], 'the Worker handled the one message', DsHandler::$handled);
$e4 = $bus->dispatch(new DsMessage('a3'), [new DeduplicateStamp('k1')]);
rq_check($e4->last(SentStamp::class) !== null && $size() === 1, 'once handled, the key is free: queued');
ds_consume($c, $transport, $bus);

$bus->dispatch(new DsMessage('q1'), [new DeduplicateStamp('k3', 300, true)]);
$dropped = $bus->dispatch(new DsMessage('q2'), [new DeduplicateStamp('k3', 300, true)]);
$got = iterator_to_array($transport->get());
$parked = $bus->dispatch(new DsMessage('q3'), [new DeduplicateStamp('k3', 300, true)]);
rq_check($dropped->last(SentStamp::class) === null && count($got) === 1 && $parked->last(SentStamp::class) !== null,
    'onlyDeduplicateInQueue: dropped while waiting, queued once received');
$transport->ack($got[0]);
ds_consume($c, $transport, $bus);

DsHandler::$handled = [];
DsHandler::$fail = ['r1' => 1];
$bus->dispatch(new DsMessage('r1'), [new DeduplicateStamp('k4')]);
$dispatcher = $c->get('event_dispatcher');
$during = null;
$probe = function (WorkerRunningEvent $e) use ($bus, &$during): void {
    if ($during === null && DsHandler::$fail === ['r1' => 0]) {
        $during = $bus->dispatch(new DsMessage('r2'), [new DeduplicateStamp('k4')]);
    }
};
$dispatcher->addListener(WorkerRunningEvent::class, $probe, 10);
ds_consume($c, $transport, $bus);
$dispatcher->removeListener(WorkerRunningEvent::class, $probe);
rq_check($during !== null && $during->last(SentStamp::class) === null, 'after a failure, while its retry waits, the key stays taken');
rq_check(DsHandler::$handled === ['r1'], 'the retry ran, once', DsHandler::$handled);
$after = $bus->dispatch(new DsMessage('r3'), [new DeduplicateStamp('k4')]);
rq_check($after->last(SentStamp::class) !== null, 'then the key is free');
ds_consume($c, $transport, $bus);

$bus->dispatch(new DsMessage('t1'), [new DeduplicateStamp('k5', 0.05)]);
$got = iterator_to_array($transport->get());
$until = (float) explode('|', (string) $raw->call('HGET', "{Queue:$name}:keyed", 'kk5'))[0] / 1e6;
while (rq_server_time($raw) <= $until) {
    usleep(10000);
}
$late = $bus->dispatch(new DsMessage('t2'), [new DeduplicateStamp('k5', 0.05)]);
rq_check(count($got) === 1 && $until > 0 && $late->last(SentStamp::class) !== null,
    'past the ttl, a dispatch while the first runs is queued, as the lock\'s expiry would let it in', [$until]);
$transport->ack($got[0]);
$w1 = $bus->dispatch(new DsMessage('w1'), [new DeduplicateStamp('k8', 0.05)]);
usleep(200000);
$w2 = $bus->dispatch(new DsMessage('w2'), [new DeduplicateStamp('k8', 0.05)]);
rq_check($w2->last(SentStamp::class) !== null, 'past the ttl, a dispatch while the first still waits is queued too');
DsHandler::$handled = [];
ds_consume($c, $transport, $bus);
sort(DsHandler::$handled);
rq_check(DsHandler::$handled === ['t2', 'w1', 'w2'], 'each ran once', DsHandler::$handled);

/* Every message keeps its own id: a retry under onlyDeduplicateInQueue while another
 * message of its key waits is not lost, and runs once. */
DsHandler::$handled = [];
DsHandler::$fail = ['f1' => 1];
$bus->dispatch(new DsMessage('f1'), [new DeduplicateStamp('k6', 300, true)]);
$sent = null;
$onReceived = function (WorkerMessageReceivedEvent $e) use ($bus, &$sent): void {
    if ($sent === null) {
        $sent = $bus->dispatch(new DsMessage('f2'), [new DeduplicateStamp('k6', 300, true)]);
    }
};
$dispatcher->addListener(WorkerMessageReceivedEvent::class, $onReceived);
ds_consume($c, $transport, $bus);
$dispatcher->removeListener(WorkerMessageReceivedEvent::class, $onReceived);
sort(DsHandler::$handled);
rq_check($sent?->last(SentStamp::class) !== null && DsHandler::$handled === ['f1', 'f2'],
    'onlyDeduplicateInQueue: a send once the first is received is queued; the first one\'s retry is not lost; each ran once', DsHandler::$handled);

/* A message that fails for good reaches the failure transport, and later sends of its
 * key neither take it back out nor are held by it. */
DsHandler::$handled = [];
DsHandler::$fail = ['d1' => 2];
$bus->dispatch(new DsMessage('d1'), [new DeduplicateStamp('k7')]);
ds_consume($c, $transport, $bus);
$failed = $c->get('messenger.transport.failed');
$deadIds = fn () => array_map(fn ($e) => $e->last(TransportMessageIdStamp::class)?->getId(), iterator_to_array($failed->all()));
$dead = $deadIds();
$d2 = $bus->dispatch(new DsMessage('d2'), [new DeduplicateStamp('k7')]);
ds_consume($c, $transport, $bus);
rq_check(count($dead) === 1 && $d2->last(SentStamp::class) !== null && DsHandler::$handled === ['d2'] && $deadIds() === $dead,
    'failed for good: in the failure transport; the next send of its key is queued and runs; the failed one stays there', [$dead, DsHandler::$handled, $deadIds()]);
/* A key over the queue's 64 KiB is taken (hashed), as Symfony's lock takes it. */
$big = str_repeat('k', 70000);
$b1 = $bus->dispatch(new DsMessage('b1'), [new DeduplicateStamp($big)]);
$b2 = $bus->dispatch(new DsMessage('b2'), [new DeduplicateStamp($big)]);
rq_check($b1->last(SentStamp::class) !== null && $b2->last(SentStamp::class) === null, 'a key of 70,000 bytes: sent, then dropped');
ds_consume($c, $transport, $bus);
rq_check($size() === 0, 'all handled');
$srv->stop();
?>
--EXPECTREGEX--
(ok: this Messenger has no DeduplicateStamp: no middleware registered for it
ok: and the transport sends and consumes|ok: this Messenger has DeduplicateStamp
ok: one transport: one script, sent
ok: the same key while it waits: one script, dropped \(no SentStamp\), one message queued
ok: no lock key for it
ok: two transports: Symfony's lock \(its save, then its ttl\), then the enqueue: 3 scripts
ok: the Worker handled the one message
ok: once handled, the key is free: queued
ok: onlyDeduplicateInQueue: dropped while waiting, queued once received
ok: after a failure, while its retry waits, the key stays taken
ok: the retry ran, once
ok: then the key is free
ok: past the ttl, a dispatch while the first runs is queued, as the lock's expiry would let it in
ok: past the ttl, a dispatch while the first still waits is queued too
ok: each ran once
ok: onlyDeduplicateInQueue: a send once the first is received is queued; the first one's retry is not lost; each ran once
ok: failed for good: in the failure transport; the next send of its key is queued and runs; the failed one stays there
ok: a key of 70,000 bytes: sent, then dropped
ok: all handled)
