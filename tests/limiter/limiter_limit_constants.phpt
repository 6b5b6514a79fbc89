--TEST--
RedisRateLimiter's class constants are the bounds the extension enforces: MAX_LIMIT, MAX_WINDOW_LIMIT, MAX_INTERVAL and MAX_REFILL are each accepted, one past each is refused with its ValueError
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
var_dump(RedisRateLimiter::MAX_LIMIT, RedisRateLimiter::MAX_WINDOW_LIMIT, RedisRateLimiter::MAX_INTERVAL, RedisRateLimiter::MAX_REFILL);
$l = lim_new();
$name = rl_name();
$calls = [
    fn () => $l->consume("$name:a", RedisRateLimiter::MAX_LIMIT, 1),
    fn () => $l->consume("$name:a", RedisRateLimiter::MAX_LIMIT + 1, 1),
    fn () => $l->consume("$name:b", RedisRateLimiter::MAX_WINDOW_LIMIT, 1, RedisRateLimiter::MAX_LIMIT, 'fixed_window'),
    fn () => $l->consume("$name:b", RedisRateLimiter::MAX_WINDOW_LIMIT, 1, RedisRateLimiter::MAX_LIMIT + 1, 'fixed_window'),
    fn () => $l->consume("$name:c", RedisRateLimiter::MAX_WINDOW_LIMIT, 1, 1, 'fixed_window'),
    fn () => $l->consume("$name:c", RedisRateLimiter::MAX_WINDOW_LIMIT + 1, 1, 1, 'fixed_window'),
    fn () => $l->consume("$name:d", 1, RedisRateLimiter::MAX_INTERVAL, 1, 'fixed_window'),
    fn () => $l->consume("$name:d", 1, RedisRateLimiter::MAX_INTERVAL + 1, 1, 'fixed_window'),
    fn () => $l->consume("$name:e", 1, RedisRateLimiter::MAX_REFILL, 1, 'token_bucket', 1),
    fn () => $l->consume("$name:e", 1, RedisRateLimiter::MAX_REFILL + 1, 1, 'token_bucket', 1),
];
foreach ($calls as $call) {
    echo lim_error(function () use ($call) {
        $allowed = $call()['allowed'];
        echo 'allowed: ', var_export($allowed, true), "\n";
    }), "\n";
}
foreach (['a', 'b', 'c', 'd', 'e'] as $s) {
    $l->reset("$name:$s");
}
?>
--EXPECTF--
int(1000000000)
int(10000000000000)
float(3153600000)
float(315360000)
allowed: true
no error
ValueError: RedisRateLimiter::consume(): Argument #2 ($limit) must be between 1 and 1000000000
allowed: true
no error
ValueError: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and 1000000000 (the most one call takes)
allowed: true
no error
ValueError: RedisRateLimiter::consume(): Argument #2 ($limit) must be between 1 and 10000000000000 (10^13) for a fixed window
allowed: true
no error
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
allowed: true
no error
ValueError: RedisRateLimiter::consume(): Argument #6 ($burst) must keep $burst * $interval / $limit at most ten years (315360000 s)
