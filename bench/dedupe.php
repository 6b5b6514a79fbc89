<?php
/* Messenger's DeduplicateStamp (symfony/messenger 7.3+) on a redislock transport,
 * counted rather than timed: what one message costs the server, from its send to
 * its handling, through the bundle's middleware (the queue decides in the send's
 * one script) and through Symfony's own DeduplicateMiddleware with lock.factory on
 * our store (what every message paid before: the lock's save and its ttl, the
 * enqueue, and the release on receipt).
 *
 * Each path gets a MessageBus as FrameworkBundle builds it for a bus (its
 * deduplicate middleware, then send_message and handle_message) on one
 * RedisLockTransport, and sends N messages of N new keys (accepted), then N sends
 * of keys still waiting (dropped); then a consumer (the transport's get(), the
 * bus's handling with a ReceivedStamp, the transport's ack()) handles the N
 * messages. For each part: round trips (the server's socket reads, INFO stats
 * total_reads_processed, less the INFO reads of the harness), scripts
 * (EVAL/EVALSHA calls of INFO commandstats) and Redis CPU µs (INFO cpu), ÷ N.
 * Then the goal's row: round trips of an accepted send, ours ≤ 1. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const MESSAGES = 400;      // per part at scale 1 (at least 20)
const OURS = 'the bundle\'s middleware: the queue decides (submit())';
const LOCK = 'Symfony\'s DeduplicateMiddleware, lock.factory on RedisLockStore';

bench_needs('dedupe', [
    '/usr/share/php/Symfony/Component/Messenger/autoload.php' => 'php-symfony-messenger',
    '/usr/share/php/Symfony/Component/Lock/autoload.php' => 'php-symfony-lock',
    '/usr/share/php/Psr/Container/ContainerInterface.php' => 'php-psr-container',
    __DIR__ . '/../bridge/autoload.php' => 'the bridge (bridge/ of this tree)',
], fn(): ?string => class_exists(Symfony\Component\Messenger\Stamp\DeduplicateStamp::class) ? null
    : 'needs symfony/messenger 7.3 or later (DeduplicateStamp)');

$why = unavailable('dedupe');
if ($why !== null) {
    echo "## Messenger's DeduplicateStamp on a redislock transport\n\nnot measured: $why\n\n";
    bench_goals_print([bench_goal_unmeasured('dedupe', 'needs Messenger 7.3+')]);
    exit(0);
}

use RedisLock\Bridge\Symfony\Messenger\QueueDeduplicateMiddleware;
use RedisLock\Bridge\Symfony\Messenger\RedisLockTransport;
use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\LockFactory;
use Symfony\Component\Messenger\Envelope;
use Symfony\Component\Messenger\Handler\HandlersLocator;
use Symfony\Component\Messenger\MessageBus;
use Symfony\Component\Messenger\Middleware\DeduplicateMiddleware;
use Symfony\Component\Messenger\Middleware\HandleMessageMiddleware;
use Symfony\Component\Messenger\Middleware\SendMessageMiddleware;
use Symfony\Component\Messenger\Stamp\DeduplicateStamp;
use Symfony\Component\Messenger\Stamp\ReceivedStamp;
use Symfony\Component\Messenger\Stamp\SentStamp;
use Symfony\Component\Messenger\Transport\Sender\SendersLocator;

final class BenchDedupeJob
{
    public function __construct(public string $data)
    {
    }
}

/** A container of one service, as SendersLocator takes its senders. */
final class BenchDedupeSenders implements Psr\Container\ContainerInterface
{
    public function __construct(private object $sender)
    {
    }

    public function get(string $id): mixed
    {
        return $this->sender;
    }

    public function has(string $id): bool
    {
        return $id === 'async';
    }
}

/** The bus of one path on $transport, as FrameworkBundle builds a bus's middleware. */
function dedupe_bus(string $path, RedisLockTransport $transport, LockFactory $locks): MessageBus
{
    $senders = new SendersLocator([BenchDedupeJob::class => ['async']], new BenchDedupeSenders($transport));
    $dedupe = new DeduplicateMiddleware($locks);
    if ($path === OURS) {
        $dedupe = new QueueDeduplicateMiddleware($dedupe, $senders);
    }
    return new MessageBus([$dedupe, new SendMessageMiddleware($senders),
        new HandleMessageMiddleware(new HandlersLocator([BenchDedupeJob::class => [static function (BenchDedupeJob $j): void {
        }]]))]);
}

/** Round trips, scripts and Redis CPU µs of $fn on the server, each ÷ $n. */
function dedupe_measure(Redis $r, int $n, callable $fn): array
{
    $before = bench_server_counters($r);
    $stats = bench_command_stats($r);
    $result = $fn();
    $after = bench_command_stats($r);
    $counters = bench_server_counters($r);
    // The harness's own reads after the first INFO stats: two INFO commandstats, then INFO cpu and INFO stats.
    $reads = $counters['reads'] - $before['reads'] - 4;
    $calls = [];
    foreach ($after as $cmd => [$c]) {
        $calls[$cmd] = $c - ($stats[$cmd][0] ?? 0);
    }
    return ['round_trips' => $reads / $n, 'scripts' => bench_scripts_called($calls) / $n,
        'cpu_us' => ($counters['cpu'] - $before['cpu']) * 1e6 / $n, 'result' => $result];
}

$r = bench_phpredis();
$base = bench_name('dedupe');
$n = bench_n(MESSAGES, 20);
$rows = [];
try {
    foreach ([OURS, LOCK] as $i => $path) {
        $name = "$base:$i";
        $queue = new RedisQueue(bench_dsn() . '?watchdog=0');
        $transport = new RedisLockTransport($queue, $name, wait: 0);
        $transport->setup();
        $locks = new LockFactory(new RedisLockStore(new RedisLock(bench_dsn())));
        $bus = dedupe_bus($path, $transport, $locks);
        // Warm-up: connections made, scripts loaded, on both sides.
        $bus->dispatch(new BenchDedupeJob('warm-up'), [new DeduplicateStamp("$name:warm-up")]);
        foreach ($transport->get() as $env) {
            $bus->dispatch($env->with(new ReceivedStamp('async')));
            $transport->ack($env);
        }
        $transport->get();   // sends the warm-up's deferred ack, so that the first send measured carries none
        $payload = str_repeat('x', 1024);
        $sent = dedupe_measure($r, $n, function () use ($bus, $n, $name, $payload): int {
            $ok = 0;
            for ($k = 0; $k < $n; $k++) {
                $ok += $bus->dispatch(new BenchDedupeJob($payload), [new DeduplicateStamp("$name:k$k")])->last(SentStamp::class) ? 1 : 0;
            }
            return $ok;
        });
        $dropped = dedupe_measure($r, $n, function () use ($bus, $n, $name, $payload): int {
            $ok = 0;
            for ($k = 0; $k < $n; $k++) {
                $ok += $bus->dispatch(new BenchDedupeJob($payload), [new DeduplicateStamp("$name:k$k")])->last(SentStamp::class) ? 0 : 1;
            }
            return $ok;
        });
        $handled = dedupe_measure($r, $n, function () use ($bus, $transport): int {
            $done = 0;
            while (true) {
                $got = $transport->get();
                if (!$got) {
                    break;
                }
                foreach ($got as $env) {
                    $bus->dispatch($env->with(new ReceivedStamp('async')));
                    $transport->ack($env);
                    $done++;
                }
            }
            $transport->get();   // sends the last deferred ack
            return $done;
        });
        $left = $queue->size($name);
        $ok = $sent['result'] === $n && $dropped['result'] === $n && $handled['result'] === $n
            && $left['due'] + $left['delayed'] + $left['inflight'] === 0;
        $rows[$path] = ['sent' => $sent, 'dropped' => $dropped, 'handled' => $handled, 'ok' => $ok,
            'check' => $ok ? 'ok' : sprintf('sent %d, dropped %d, handled %d of %d; %d left', $sent['result'], $dropped['result'],
                $handled['result'], $n, $left['due'] + $left['delayed'] + $left['inflight'])];
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
}

echo "## Messenger's DeduplicateStamp on a redislock transport: what one message costs\n\n";
printf("%d messages of 1 KiB per part, each of a key of its own; one RedisLockTransport (stream layout, setup()); the bus as "
    . "FrameworkBundle builds it (deduplicate, send_message, handle_message). accepted send = a dispatch of a new key; dropped "
    . "send = a dispatch of a key whose message waits; handling = the transport's get(), the bus's handling with a "
    . "ReceivedStamp, the transport's ack(). round trips = the server's socket reads (INFO stats total_reads_processed) ÷ "
    . "messages; scripts = EVAL/EVALSHA calls (INFO commandstats) ÷ messages; Redis CPU = used_cpu_user + used_cpu_sys ÷ "
    . "messages.\n\n", $n);
$out = [];
foreach ($rows as $path => $row) {
    foreach (['sent' => 'accepted send', 'dropped' => 'dropped send', 'handled' => 'handling'] as $part => $what) {
        $m = $row[$part];
        $out[] = [$path, $what, bench_fixed($m['round_trips'], 2), bench_fixed($m['scripts'], 2), bench_fixed($m['cpu_us'], 1),
            $part === 'sent' ? $row['check'] : ''];
    }
}
bench_table(['path', 'part', 'round trips per message', 'scripts per message', 'Redis CPU µs per message', 'check'], $out, [2, 3, 4]);
printf("Keys of the run deleted at the end: %d.\n\n", $swept);

$ours = $rows[OURS];
$lock = $rows[LOCK];
bench_goals_print([bench_goal('dedupe', $ours['sent']['round_trips'], $lock['sent']['round_trips'], 'round trips', $ours['ok'] && $lock['ok'],
    sprintf('whole message %s against %s', bench_fixed($ours['sent']['round_trips'] + $ours['handled']['round_trips'], 2),
        bench_fixed($lock['sent']['round_trips'] + $lock['handled']['round_trips'], 2)))]);
bench_record('dedupe', ['messages' => $n, 'rows' => $rows]);
