--TEST--
Laravel bridge: Laravel's RateLimiter is ours when cache.limiter names a redislock store, Laravel's otherwise, named limiters kept
--DESCRIPTION--
With RedisLockServiceProvider registered, the container's Illuminate\Cache\RateLimiter
is RedisLock\Bridge\Laravel\RateLimiter when cache.limiter names a store of the
driver redislock, and Laravel's own when it names another store. A named limiter
registered with for() on Laravel's limiter before ours replaced it is still there.
A store connection with min_replicas gets ours, one with redlock Laravel's.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Cache\RateLimiter;

$ours = lt_app('limits')->make(RateLimiter::class);
var_dump(get_class($ours), $ours->getRedisRateLimiter() instanceof RedisRateLimiter);

$laravel = lt_app('redis')->make(RateLimiter::class);
var_dump(get_class($laravel));

// Resolved before the provider: the replacement keeps what was registered on it.
$app = lt_app('limits');
$plain = new RateLimiter($app['cache']->store('redis'));
$plain->for('uploads', fn () => 'limit');
$replaced = RedisLock\Bridge\Laravel\RedisLockServiceProvider::rateLimiter($app, $plain);
var_dump(get_class($replaced), ($replaced->limiter('uploads'))());

// A store whose connection asks for min_replicas: ours too (each counted attempt replicated); redlock: Laravel's.
foreach ([['min_replicas' => 1], ['redlock' => ['redis://127.0.0.1:' . rl_dead_port()]]] as $extra) {
    $app = lt_app('limits');
    $app['config']->set('cache.stores.limits.redislock', $extra + rl_options([]));
    var_dump(get_class(RedisLock\Bridge\Laravel\RedisLockServiceProvider::rateLimiter($app, new RateLimiter($app['cache']->store('redis')))));
}
?>
--EXPECT--
string(36) "RedisLock\Bridge\Laravel\RateLimiter"
bool(true)
string(28) "Illuminate\Cache\RateLimiter"
string(36) "RedisLock\Bridge\Laravel\RateLimiter"
string(5) "limit"
string(36) "RedisLock\Bridge\Laravel\RateLimiter"
string(28) "Illuminate\Cache\RateLimiter"
