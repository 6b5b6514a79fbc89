--TEST--
Laravel bridge, leases: a lock its holder releases lives one lease at a time, renewed until the lifetime asked for
--DESCRIPTION--
Laravel bridge, leases: a lock its holder releases (get()/block() with a
callback, Cache::withoutOverlapping(), the WithoutOverlapping middleware's
names) lives one lease at a time, renewed until the lifetime asked for and gone
then; every other acquisition keeps its plain lifetime and a restorable owner

The store's "lease" (here 1 s; false: none). Lifetimes are read in Redis (PTTL
of the lock's key), the lock's end by a second connection. A lock of 3 s held
by a live holder under a lease of 1 s is held until 3 s and gone by then (its
last renewals give only what is left of the 3 s). A lock not longer than one
lease, a lock taken without a callback (which may be handed on through owner()
and restoreLock(): a ShouldBeUnique job's, onOneServer()'s), and every lock of a
store with lease false keep their plain lifetime. A second lock object of this
process does not take a name this process holds under a lease.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$stores = [
    'leased' => ['driver' => 'redislock', 'redislock' => rl_dsn(), 'prefix' => '', 'lease' => 1],
    'plain' => ['driver' => 'redislock', 'redislock' => rl_dsn(), 'prefix' => '', 'lease' => false],
];
$app = redislock_laravel_app(['cache' => ['default' => 'leased', 'stores' => $stores]]);
$cache = $app['cache'];
$raw = new RawRedis();
$observer = new RedisLock(rl_dsn());
$pttl = fn (string $name) => (int) $raw->call('PTTL', l4_key($name));
$day = 86400 * 1000;

// A 3 s lock under a lease of 1 s, its holder alive throughout.
$serverMs = function () use ($raw): int {
    [$s, $us] = $raw->call('TIME');
    return intdiv((int) $s * 1000000 + (int) $us, 1000);
};
$name = rl_name();
$server0 = $serverMs();
$t0 = microtime(true);
$seen = $cache->lock($name, 3)->get(function () use ($name, $observer, $pttl, $t0, $serverMs) {
    $first = $pttl($name);
    $latestEnd = 0;
    while ($observer->isLocked($name) && microtime(true) - $t0 < 30) {
        $now = $serverMs();
        $left = $pttl($name);
        $latestEnd = max($latestEnd, $now + $left);
        usleep(10000);
    }
    return [$first, $latestEnd, microtime(true) - $t0];
});
[$first, $latestEnd, $goneAt] = $seen;
echo $first > 0 && $first <= 1000 ? "ok: get() with a callback holds a lease: PTTL at most 1000 ms\n" : "FAILED: PTTL $first\n";
/* Renewed while the holder lives: not gone before 2.95 s on this clock. Gone by
 * the 3 s asked for: it lapses by itself, and no look finds its end (the
 * server's clock plus its PTTL) past 3 s after the server's clock before get(),
 * but for 250 ms of a renewal's way to the server (a renewal past 3 s would end
 * a lease, 1 s, after it). */
echo $goneAt >= 2.95 && $goneAt < 30 && $latestEnd - $server0 <= 3250
    ? "ok: renewed while the holder lives, and gone by the 3 s asked for\n"
    : "FAILED: gone at $goneAt s, its end seen at " . ($latestEnd - $server0) . " ms\n";

// Cache::withoutOverlapping() (Laravel 12+; its body elsewhere): block() with a callback, lifetime 0.
$name = rl_name();
$run = fn () => $pttl($name);
$inside = method_exists($cache->store(), 'withoutOverlapping')
    ? $cache->store()->withoutOverlapping($name, $run)
    : $cache->store()->lock($name, 0)->block(10, $run);
echo $inside > 0 && $inside <= 1000 ? "ok: withoutOverlapping() holds a lease\n" : "FAILED: PTTL $inside\n";
var_dump($observer->isLocked($name));

// The WithoutOverlapping middleware's names: leased without a callback too; not taken twice here.
$name = 'laravel-queue-overlap:' . rl_name();
$lock = $cache->lock($name, 0);
var_dump($lock->get(), $lock->isLeased(), $pttl($name) <= 1000, $lock->isOwnedByCurrentProcess());
$again = $cache->lock($name, 0);
var_dump($again->get(), $again->isLeased(), $lock->release(), $observer->isLocked($name), $again->get(), $again->release());

// Plain lifetimes: no callback; a lifetime within one lease; a store without leases.
$name = rl_name();
$lock = $cache->lock($name, 0);
var_dump($lock->get(), $lock->isLeased(), $pttl($name) > 364 * $day);
var_dump($cache->restoreLock($name, $lock->owner())->release());
$name = rl_name();
var_dump($cache->lock($name, 0.9)->get(fn () => $pttl($name) > 800 && $pttl($name) <= 900));
$name = rl_name();
var_dump($cache->store('plain')->lock($name, 0)->get(fn () => $pttl($name) > 364 * $day));
var_dump($cache->store('plain')->lock('laravel-queue-overlap:' . $name, 60)->get(fn () => $pttl('laravel-queue-overlap:' . $name) > 59000));

// A bad lease names the setting.
foreach ([0.01, 7200, 'soon', true] as $lease) {
    try {
        RedisLock\Bridge\Laravel\RedisLockServiceProvider::makeStore($app, ['lease' => $lease, 'redislock' => rl_dsn()]);
        echo "FAILED: lease ", var_export($lease, true), " accepted\n";
    } catch (InvalidArgumentException $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ok: get() with a callback holds a lease: PTTL at most 1000 ms
ok: renewed while the holder lives, and gone by the 3 s asked for
ok: withoutOverlapping() holds a lease
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
The redislock cache store's lease must be false or a number of seconds between 0.05 and 3600.
The redislock cache store's lease must be false or a number of seconds between 0.05 and 3600.
The redislock cache store's lease must be false or a number of seconds between 0.05 and 3600.
The redislock cache store's lease must be false or a number of seconds between 0.05 and 3600.
