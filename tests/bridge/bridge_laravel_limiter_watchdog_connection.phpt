--TEST--
Laravel bridge: a redislock store whose connection turns the watchdog on (options or DSN) still gets our RateLimiter, which admits exactly the limit
--DESCRIPTION--
The watchdog renews held locks and permits; a rate limiter holds nothing, and
\RedisRateLimiter refuses the option with a ValueError. A store's "redislock"
connection may well turn it on for its locks, and cache.limiter may name that
store: the limiter is then ours on the same server without the watchdog. It must
not fall back to Laravel's own limiter, which on a lock-only store (its data in
a NullStore) counts nothing and admits every attempt.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Cache\RateLimiter;

$forms = [
    'array' => rl_options(['watchdog' => true]),
    'array with a lease' => rl_options(['watchdog' => ['lease' => 5]]),
    'dsn' => rl_dsn() . '?watchdog=1',
    'dsn with a lease' => rl_dsn() . '?watchdog=1&watchdog_lease=5&read_timeout=2',
];
foreach ($forms as $form => $connection) {
    $app = lt_app('limits');
    $app['config']->set('cache.stores.limits.redislock', $connection);
    $limiter = $app->make(RateLimiter::class);
    $ran = 0;
    for ($i = 0; $i < 5; $i++) {
        $limiter->attempt('key', 2, function () use (&$ran) { $ran++; }, 60);
    }
    echo "$form: ", get_class($limiter), ", $ran of 5 attempts ran (limit 2)\n";
    // The store's locks keep the watchdog.
    $lock = $app['cache']->store('limits')->lock(rl_name(), 5);
    var_dump($lock->get());
    $lock->release();
}
?>
--EXPECT--
array: RedisLock\Bridge\Laravel\RateLimiter, 2 of 5 attempts ran (limit 2)
bool(true)
array with a lease: RedisLock\Bridge\Laravel\RateLimiter, 2 of 5 attempts ran (limit 2)
bool(true)
dsn: RedisLock\Bridge\Laravel\RateLimiter, 2 of 5 attempts ran (limit 2)
bool(true)
dsn with a lease: RedisLock\Bridge\Laravel\RateLimiter, 2 of 5 attempts ran (limit 2)
bool(true)
