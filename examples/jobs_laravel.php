<?php
/*
 * Flash-sale orders through Laravel's queue worker on the queue driver
 * "redislock": 30 orders are queued as Laravel jobs; 4 worker processes run
 * Laravel's own Illuminate\Queue\Worker::daemon() on them. Each order charges
 * the card (a 300 ms call to the payment provider; one slow bank takes 3 s,
 * longer than retry_after) and counts the charge. Halfway through, one worker is
 * killed with SIGKILL in the middle of an order, as the OOM killer or a
 * redeploy would.
 *
 * The queue connection (config/queue.php in an application) is
 *   ['driver' => 'redislock', 'connection' => REDISLOCK_DSN, 'retry_after' => 2]
 * and RedisLock\Bridge\Laravel\RedisLockServiceProvider registers the driver. No
 * Laravel application is needed: a container with the config, the events and the
 * bus dispatcher stands in for it.
 *
 * The promises: every order charged exactly once (nothing lost, nothing run
 * twice), no order ever running on two workers at once (the slow one included:
 * its reservation is renewed while it runs), the killed worker's order run again
 * to its end by another worker, and the queue empty with no dead letters. The
 * exit status is 0 only if they all held.
 *
 *   php -n -d extension=modules/redislock.so -d extension=mbstring -d extension=posix examples/jobs_laravel.php
 *
 * Needs Debian's php-illuminate-queue, php-illuminate-events and php-illuminate-bus.
 * Touches only keys starting with "jobs_laravel:" (and its queue, "Queue:jobs_laravel:*").
 */

declare(strict_types=1);

require __DIR__ . '/resp.php';
foreach (['Illuminate/Support', 'Illuminate/Container', 'Illuminate/Config', 'Illuminate/Events', 'Illuminate/Bus',
    'Illuminate/Queue'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        fwrite(STDERR, "$package is not installed: apt-get install php-illuminate-queue php-illuminate-events php-illuminate-bus\n");
        exit(2);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../bridge/autoload.php';

use Illuminate\Bus\Queueable;
use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Queue\InteractsWithQueue;
use Illuminate\Queue\QueueManager;
use Illuminate\Queue\Worker;
use Illuminate\Queue\WorkerOptions;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;

const ORDERS = 30;
const WORKERS = 4;
const SLOW_ORDER = 7;        // its bank takes 3 s, longer than retry_after
const RETRY_AFTER = 2;
const P = 'jobs_laravel:';

/** The queued job, as an application's app/Jobs/ChargeOrder.php would hold it. */
final class ChargeOrder implements ShouldQueue
{
    use InteractsWithQueue;
    use Queueable;

    public function __construct(public int $order, public string $dsn)
    {
    }

    public function handle(): void
    {
        $redis = new Resp($this->dsn);
        $redis->call('RPUSH', P . 'log', sprintf('start %d %d %.6f', $this->order, getmypid(), microtime(true)));
        usleep($this->order === SLOW_ORDER ? 3000000 : 300000);   // the payment provider
        $redis->call('INCR', P . "charged:{$this->order}");
        $redis->call('RPUSH', P . 'log', sprintf('end %d %d %.6f', $this->order, getmypid(), microtime(true)));
    }
}

/** What config/queue.php and the service providers would set up in an application. */
function boot_laravel(string $dsn): Container
{
    $app = new Container();
    Container::setInstance($app);
    $app->instance(Illuminate\Contracts\Container\Container::class, $app);
    $app->instance('config', new Config([
        'queue' => ['default' => 'redislock', 'connections' => ['redislock' => [
            'driver' => 'redislock', 'connection' => $dsn, 'queue' => P . 'orders', 'retry_after' => RETRY_AFTER,
            'block_for' => 1,
        ]]],
    ]));
    $app->instance('events', new Illuminate\Events\Dispatcher($app));
    $app->alias('events', Illuminate\Contracts\Events\Dispatcher::class);
    $app->singleton(Illuminate\Contracts\Bus\Dispatcher::class, fn ($app) => new Illuminate\Bus\Dispatcher($app));
    $app->instance('queue', $manager = new QueueManager($app));
    RedisLockServiceProvider::extendQueue($manager, $app);

    return $app;
}

/** A worker process: `php artisan queue:work redislock --tries=3`, in effect. */
function work(string $dsn): int
{
    $app = boot_laravel($dsn);
    $exceptions = new class implements Illuminate\Contracts\Debug\ExceptionHandler {
        public function report(Throwable $e)
        {
            fwrite(STDERR, 'worker ' . getmypid() . ': ' . $e->getMessage() . "\n");
        }

        public function shouldReport(Throwable $e)
        {
            return true;
        }

        public function render($request, Throwable $e)
        {
            throw $e;
        }

        public function renderForConsole($output, Throwable $e)
        {
        }
    };
    $worker = new Worker($app['queue'], $app['events'], $exceptions, fn () => false);
    // name, backoff, memory, timeout, sleep, maxTries, force, stopWhenEmpty, maxJobs, maxTime
    return (int) $worker->daemon('redislock', P . 'orders', new WorkerOptions('default', 0, 128, 60, 0.1, 3, false, false, 0, 40));
}

$dsn = demo_dsn();
$redis = new Resp($dsn);
$keys = [P . 'log'];
for ($n = 1; $n <= ORDERS; $n++) {
    $keys[] = P . "charged:$n";
}
$redis->call('DEL', ...$keys);
$app = boot_laravel($dsn);
$queue = $app['queue']->connection('redislock');
$queue->clear(P . 'orders');
printf("Laravel queue worker on redislock: %d orders, %d workers, retry_after %d s, one worker killed mid-order.\n",
    ORDERS, WORKERS, RETRY_AFTER);
printf("Redis: %s\n\n", preg_replace('#//[^@/]*@#', '//***@', $dsn));

$queue->bulk(array_map(fn ($n) => new ChargeOrder($n, $dsn), range(1, ORDERS)));
$workers = [];
for ($w = 0; $w < WORKERS; $w++) {
    $workers[] = demo_fork(fn () => work($dsn));
}

/** The runs in the log: per order, [pid, start, end (null: never ended)]. */
$runs = function () use ($redis): array {
    $runs = [];
    foreach ($redis->call('LRANGE', P . 'log', '0', '-1') as $line) {
        [$event, $n, $pid, $t] = explode(' ', $line);
        if ($event === 'start') {
            $runs[(int) $n][] = ['pid' => (int) $pid, 'start' => (float) $t, 'end' => null];
        } else {
            foreach ($runs[(int) $n] as &$run) {
                if ($run['pid'] === (int) $pid && $run['end'] === null) {
                    $run['end'] = (float) $t;
                }
            }
            unset($run);
        }
    }
    return $runs;
};

// Kill a worker in the middle of an order, once a third of the orders is done.
$killed = null;
$deadline = microtime(true) + 30;
while ($killed === null && microtime(true) < $deadline) {
    usleep(20000);
    $now = $runs();
    if (count(array_filter(array_merge(...array_values($now ?: [[]])), fn ($r) => $r['end'] !== null)) < ORDERS / 3) {
        continue;
    }
    foreach ($now as $n => $list) {
        $last = end($list);
        // Well inside its 300 ms call to the payment provider, before the charge.
        if ($n !== SLOW_ORDER && $last['end'] === null && microtime(true) - $last['start'] < 0.15
            && in_array($last['pid'], $workers, true)) {
            posix_kill($last['pid'], SIGKILL);
            $killed = ['pid' => $last['pid'], 'order' => $n, 'at' => microtime(true)];
            break;
        }
    }
}
if ($killed !== null) {
    pcntl_waitpid($killed['pid'], $status);
    $workers = array_values(array_diff($workers, [$killed['pid']]));
}
// Wait for every order to be charged, then stop the workers as a deploy would (SIGTERM).
$deadline = microtime(true) + 30;
while ($queue->size(P . 'orders') > 0 && microtime(true) < $deadline) {
    usleep(50000);
}
foreach ($workers as $pid) {
    posix_kill($pid, SIGTERM);
}
$codes = demo_wait_children($workers, microtime(true) + 10);

$all = $runs();
$charged = [];
for ($n = 1; $n <= ORDERS; $n++) {
    $charged[$n] = (int) $redis->call('GET', P . "charged:$n");
}
$overlaps = 0;
foreach ($all as $n => $list) {
    $busyUntil = null;
    foreach ($list as $run) {
        if ($busyUntil !== null && $run['start'] < $busyUntil) {
            $overlaps++;
        }
        $busyUntil = $run['end'] ?? ($killed !== null && $run['pid'] === $killed['pid'] ? $killed['at'] : INF);
    }
}
$killedRuns = $killed !== null ? $all[$killed['order']] : [];
$rerun = $killed !== null && count($killedRuns) >= 2 && end($killedRuns)['end'] !== null
    && end($killedRuns)['pid'] !== $killed['pid'];
$slow = $all[SLOW_ORDER] ?? [];
$stats = $queue->stats(P . 'orders');

$row = fn (string $label, $value) => printf("  %-46s %10s\n", $label, $value);
$row('orders queued', ORDERS);
$row('orders charged once', count(array_filter($charged, fn ($c) => $c === 1)));
$row('orders never charged (lost)', count(array_filter($charged, fn ($c) => $c === 0)));
$row('orders charged more than once', count(array_filter($charged, fn ($c) => $c > 1)));
$row('worker killed mid-order', $killed !== null ? "order {$killed['order']}" : 'none');
$row('runs of the killed order', count($killedRuns));
$row('runs of the slow order (3 s > retry_after)', count($slow));
$row('an order on two workers at once', $overlaps);
$row('left in the queue / dead letters', "{$stats['due']}+{$stats['delayed']}+{$stats['inflight']} / {$stats['dead']}");

$checks = [
    'a worker was killed mid-order' => $killed !== null,
    'every order charged exactly once' => array_unique($charged) === [1 => 1],
    'the killed order ran again, to its end, on another worker' => $rerun,
    'the slow order ran once' => count($slow) === 1 && $slow[0]['end'] !== null,
    'never on two workers at once' => $overlaps === 0,
    'the queue is empty, no dead letters' => $stats['due'] + $stats['delayed'] + $stats['inflight'] + $stats['dead'] === 0,
    'the other workers stopped cleanly' => array_filter($codes, fn ($c) => $c !== 0) === [],
];
$redis->call('DEL', ...$keys);
$failed = array_keys(array_filter($checks, fn ($ok) => !$ok));
echo "\n";
if ($failed) {
    echo 'FAILED: ', implode('; ', $failed), "\n";
    exit(1);
}
printf("OK: %d orders charged exactly once; the order of the killed worker ran again elsewhere, nothing lost or run twice.\n",
    ORDERS);
