<?php
/*
 * Flash sale, the Laravel way: 10 phones, 100 buyers pressing "Buy" at once, each
 * its own process (as PHP-FPM workers would be). The code a Laravel controller
 * would hold is in buy(): Cache::lock('...')->block(...) around the stock, and an
 * order "job" that gets the order lock's owner() and releases it with
 * Cache::restoreLock() from another process, the order worker, as Laravel's
 * documentation does for locks across processes.
 *
 * The Cache facade is a real Illuminate\Cache\CacheManager whose store "locks" is
 * the driver "redislock" (RedisLock\Bridge\Laravel\RedisLockServiceProvider), on
 * the server REDISLOCK_DSN names. No Laravel application is needed: a container
 * with the config stands in for it.
 *
 * The promises: exactly 10 sold, nothing oversold, the other buyers told "sold
 * out"; 10 orders handed to the worker, each released by its restoreLock() (true
 * once), and no lock left afterwards. The exit status is 0 only if they all held.
 *
 *   php -n -d extension=modules/redislock.so examples/laravel_flash_sale.php [--buyers=100]
 *
 * Needs Debian's php-illuminate-cache and php-illuminate-config. Touches only keys
 * starting with "laravel_flash_sale:" (and the locks "Lock:laravel_flash_sale:*").
 */

declare(strict_types=1);

require __DIR__ . '/resp.php';
foreach (['Illuminate/Support', 'Illuminate/Container', 'Illuminate/Config', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        fwrite(STDERR, "$package is not installed: apt-get install php-illuminate-cache php-illuminate-config\n");
        exit(2);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../bridge/autoload.php';

use Illuminate\Cache\CacheManager;
use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Contracts\Cache\LockTimeoutException;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\Facade;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;

const STOCK = 10;
const P = 'laravel_flash_sale:';

$opts = getopt('', ['buyers:']);
$buyers = (int) ($opts['buyers'] ?? 100);
if ($buyers < STOCK + 1 || $buyers > 1000) {
    fwrite(STDERR, '--buyers must be between ' . (STOCK + 1) . " and 1000\n");
    exit(2);
}
$dsn = demo_dsn();

/** What config/cache.php and a service provider would set up in an application. */
function boot_laravel(string $dsn): void
{
    $app = new Container;
    Container::setInstance($app);
    $app->instance('config', new Config([
        'cache' => [
            'default' => 'locks',
            'prefix' => P,
            'stores' => ['locks' => ['driver' => 'redislock', 'redislock' => $dsn]],
        ],
    ]));
    $app->instance('cache', $cache = new CacheManager($app));
    RedisLockServiceProvider::extendCache($cache);
    Facade::setFacadeApplication($app);
}

/** The controller action: returns the answer given to the buyer. */
function buy(Resp $redis, int $n): string
{
    try {
        return Cache::lock('phone', 5)->block(10, function () use ($redis, $n) {
            $stock = (int) $redis->call('GET', P . 'stock');
            if ($stock <= 0) {
                return 'sold_out';
            }
            $redis->call('SET', P . 'stock', (string) ($stock - 1));
            // The order is locked until the worker has processed it; the worker gets
            // the lock's owner with the job, as ProcessPodcast::dispatch($podcast, $lock->owner()).
            $order = Cache::lock("order:$n", 60);
            if (!$order->get()) {
                return 'order_lock_busy';
            }
            $redis->call('RPUSH', P . 'jobs', "$n " . $order->owner());
            return 'bought';
        });
    } catch (LockTimeoutException $e) {
        return 'busy';
    }
}

/** The queue worker: processes order jobs and releases each order's lock. */
function worker(string $dsn): int
{
    boot_laravel($dsn);
    $redis = new Resp($dsn);
    $deadline = microtime(true) + 30;
    while (microtime(true) < $deadline) {
        $job = $redis->call('BLPOP', P . 'jobs', P . 'stop', '1');
        if ($job === null) {
            continue;
        }
        if ($job[0] === P . 'stop') {
            return 0;
        }
        [$n, $owner] = explode(' ', $job[1], 2);
        $redis->call('INCR', P . 'processed');
        $released = Cache::restoreLock("order:$n", $owner)->release();
        $again = Cache::restoreLock("order:$n", $owner)->release();
        $redis->call('INCR', P . ($released && !$again ? 'released' : 'release_wrong'));
    }
    return 1;
}

$redis = new Resp($dsn);
$redis->call('DEL', P . 'stock', P . 'jobs', P . 'stop', P . 'go', P . 'ready', P . 'answers',
    P . 'processed', P . 'released', P . 'release_wrong');
$redis->call('SET', P . 'stock', (string) STOCK);
printf("Laravel flash sale: %d phones, %d buyers at once, Cache::lock() on redislock.\n", STOCK, $buyers);
printf("Redis: %s\n\n", preg_replace('#//[^@/]*@#', '//***@', $dsn));

$workerPid = demo_fork(fn () => worker($dsn));
$pids = [];
for ($i = 1; $i <= $buyers; $i++) {
    $pids[] = demo_fork(function () use ($dsn, $i) {
        boot_laravel($dsn);
        $redis = new Resp($dsn);
        $redis->call('INCR', P . 'ready');
        if ($redis->call('BLPOP', P . 'go', '30') === null) {
            return 3;
        }
        $redis->call('RPUSH', P . 'answers', buy($redis, $i));
        return 0;
    });
}
$deadline = microtime(true) + 60;
while ((int) $redis->call('GET', P . 'ready') < $buyers && microtime(true) < $deadline) {
    usleep(10000);
}
$start = microtime(true);
$redis->call('RPUSH', P . 'go', ...array_fill(0, $buyers, '1'));
$codes = demo_wait_children($pids, microtime(true) + 60);
$elapsed = microtime(true) - $start;
// Let the worker finish the jobs queued, then stop it.
$deadline = microtime(true) + 10;
while ((int) $redis->call('LLEN', P . 'jobs') > 0 && microtime(true) < $deadline) {
    usleep(10000);
}
$redis->call('RPUSH', P . 'stop', '1');
$workerCode = demo_wait_children([$workerPid], microtime(true) + 35)[$workerPid];

$answers = array_count_values($redis->call('LRANGE', P . 'answers', '0', '-1'));
$bought = $answers['bought'] ?? 0;
$soldOut = $answers['sold_out'] ?? 0;
$sold = STOCK - (int) $redis->call('GET', P . 'stock');
$processed = (int) $redis->call('GET', P . 'processed');
$released = (int) $redis->call('GET', P . 'released');
$locksLeft = count($redis->call('KEYS', 'Lock:' . P . '*'));

$row = fn (string $label, $value) => printf("  %-34s %8s\n", $label, $value);
$row('units sold', $sold);
$row('buyers told "bought"', $bought);
$row('"sold out" answers', $soldOut);
$row('other answers', $buyers - $bought - $soldOut);
$row('order jobs processed', $processed);
$row('order locks released by the worker', $released);
$row('locks left in Redis', $locksLeft);
$row('open -> every buyer process exited', sprintf('%.1f ms', $elapsed * 1000));

$checks = [
    'units sold = ' . STOCK => $sold === STOCK,
    'oversold = 0' => $bought === STOCK,
    '"sold out" answers = ' . ($buyers - STOCK) => $soldOut === $buyers - STOCK,
    'every buyer process answered' => count(array_filter($codes, fn ($c) => $c !== 0)) === 0,
    'order jobs processed = ' . STOCK => $processed === STOCK,
    'every restoreLock() release true once' => $released === STOCK,
    'no lock left' => $locksLeft === 0,
    'the worker finished' => $workerCode === 0,
];
$failed = array_keys(array_filter($checks, fn ($ok) => !$ok));
echo "\n";
if ($failed) {
    echo 'FAILED: ', implode('; ', $failed), "\n";
    exit(1);
}
printf("OK: %d sold, none oversold, %d told \"sold out\", %d order locks released from the worker with restoreLock().\n",
    STOCK, $buyers - STOCK, STOCK);
