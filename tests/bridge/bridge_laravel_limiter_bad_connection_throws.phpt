--TEST--
Laravel bridge: a redislock store connection with a bad value throws its ValueError when the rate limiter is resolved, never silently Laravel's limiter
--DESCRIPTION--
RedisLockServiceProvider::rateLimiter() asks the extension whether RedisRateLimiter
takes the store's connection, and keeps Laravel's limiter for a connection the class
refuses (redlock, min_replicas on a cluster); the store's watchdog, which renews its
locks, is left out of the limiter's connection. A connection no class takes (an
out-of-range value, RedisQueue's options) is a mistake in the configuration:
the limiter's ValueError reaches the caller, as it did before the provider asked the
extension, instead of the application counting its limits in Laravel's limiter
without a word.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
use Illuminate\Cache\RateLimiter;

$cases = [
    rl_options(['read_timeout' => 0]),
    ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => 99999],
    rl_options(['max_attempts' => 2]),
    // Refused by the class only (redlock): Laravel's limiter, no error; the store's
    // watchdog is not the limiter's.
    ['redlock' => ['redis://127.0.0.1:' . rl_dead_port()]],
    rl_options(['watchdog' => true]),
    rl_options(['watchdog' => ['lease' => 99999]]),
];
foreach ($cases as $options) {
    $app = lt_app('limits');
    $app['config']->set('cache.stores.limits.redislock', $options);
    $given = array_keys(array_diff_key($options, ['host' => 0])) === ['port'] ? 'port' : array_key_first($options);
    try {
        $limiter = RedisLock\Bridge\Laravel\RedisLockServiceProvider::rateLimiter($app, new RateLimiter($app['cache']->store('redis')));
        echo "$given: ", get_class($limiter), "\n";
    } catch (ValueError $e) {
        echo "$given: ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
read_timeout: RedisRateLimiter::__construct(): Argument #1 ($connection) option "read_timeout" must be a finite number of seconds between 0.001 and 1e9
port: RedisRateLimiter::__construct(): Argument #1 ($connection) has an invalid option "port": port must be between 1 and 65535
max_attempts: RedisRateLimiter::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
redlock: Illuminate\Cache\RateLimiter
watchdog: RedisLock\Bridge\Laravel\RateLimiter
watchdog: RedisLock\Bridge\Laravel\RateLimiter
