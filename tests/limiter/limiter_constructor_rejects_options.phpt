--TEST--
new RedisRateLimiter(): the options redlock, watchdog and the queue options are refused with a ValueError, as RedisQueue refuses redlock; min_replicas is taken
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
echo lim_error(fn () => new RedisRateLimiter(['redlock' => [rl_dsn(), rl_dsn(), rl_dsn()]])), "\n";
echo lim_error(fn () => new RedisRateLimiter(rl_options(['min_replicas' => 1]))), "\n";
echo lim_error(fn () => new RedisRateLimiter(rl_options(['watchdog' => true]))), "\n";
echo lim_error(fn () => new RedisRateLimiter(rl_options(['max_attempts' => 3]))), "\n";
echo lim_error(fn () => new RedisRateLimiter(rl_dsn() . '?min_replicas=1')), "\n";
$l = new RedisRateLimiter(rl_options(['prefix' => 'Throttle:']));
echo lim_error(fn () => $l->__construct(rl_dsn())), "\n";
?>
--EXPECT--
ValueError: RedisRateLimiter::__construct(): Argument #1 ($connection) cannot use option "redlock": a rate limiter counts in one place, a server, a Sentinel-managed master or a cluster slot, never split over independent servers
no error
ValueError: RedisRateLimiter::__construct(): Argument #1 ($connection) cannot use option "watchdog": a rate limiter holds nothing to renew
ValueError: RedisRateLimiter::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
no error
Error: RedisRateLimiter::__construct() cannot be called twice
