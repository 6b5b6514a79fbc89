--TEST--
RedisRateLimiter: a wrong value is a ValueError naming the parameter ($name, $limit, $interval, $tokens, $policy, $burst, $timeout), thrown before anything is sent
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
/* Nothing listens there: an argument checked after connecting would throw a connection error instead. */
$l = new RedisRateLimiter(['host' => '127.0.0.1', 'port' => rl_dead_port()]);
$calls = [
    fn () => $l->consume('', 1, 1),
    fn () => $l->consume('n', 0, 1),
    fn () => $l->consume('n', 1000000001, 1),
    fn () => $l->consume('n', 10000000000001, 1, 1, 'fixed_window'),
    fn () => $l->consume('n', 1, 0),
    fn () => $l->consume('n', 1, -1),
    fn () => $l->consume('n', 1, 0.0005),
    fn () => $l->consume('n', 1, 3153600001),
    fn () => $l->consume('n', 1, NAN),
    fn () => $l->consume('n', 5, 1, 0),
    fn () => $l->consume('n', 5, 1, 6),
    fn () => $l->consume('n', 5, 1, 3, 'token_bucket', 2),
    fn () => $l->consume('n', 5, 1, 6, 'fixed_window'),
    fn () => $l->consume('n', 5, 1, 1, 'leaky_bucket'),
    fn () => $l->consume('n', 5, 1, 1, 'token_bucket', 0),
    fn () => $l->consume('n', 1, 31536000, 1, 'token_bucket', 1000),
    fn () => $l->consume('n', 5, 1, 1, 'fixed_window', 5),
    fn () => $l->peek('n', 0, 1),
    fn () => $l->wait('n', 5, 1, 1, 'token_bucket', null, -1),
    fn () => $l->wait('n', 5, 1, 1, 'sliding_window'),
    fn () => $l->reset(''),
    fn () => $l->inspect(''),
];
foreach ($calls as $call) {
    echo lim_error($call), "\n";
}
?>
--EXPECT--
ValueError: RedisRateLimiter::consume(): Argument #1 ($name) must not be empty
ValueError: RedisRateLimiter::consume(): Argument #2 ($limit) must be between 1 and 1000000000
ValueError: RedisRateLimiter::consume(): Argument #2 ($limit) must be between 1 and 1000000000
ValueError: RedisRateLimiter::consume(): Argument #2 ($limit) must be between 1 and 10000000000000 (10^13) for a fixed window
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
ValueError: RedisRateLimiter::consume(): Argument #3 ($interval) must be a finite number of seconds from 0.001 to 3153600000 (100 years of 365 days)
ValueError: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $burst (5)
ValueError: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $burst (5)
ValueError: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $burst (2)
ValueError: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $limit (5)
ValueError: RedisRateLimiter::consume(): Argument #5 ($policy) must be "token_bucket", "fixed_window", "sliding_window" or "stepped_bucket"
ValueError: RedisRateLimiter::consume(): Argument #6 ($burst) must be between 1 and 1000000000
ValueError: RedisRateLimiter::consume(): Argument #6 ($burst) must keep $burst * $interval / $limit at most ten years (315360000 s)
ValueError: RedisRateLimiter::consume(): Argument #6 ($burst) must be null for the fixed_window policy: only a token bucket has a burst
ValueError: RedisRateLimiter::peek(): Argument #2 ($limit) must be between 1 and 1000000000
ValueError: RedisRateLimiter::wait(): Argument #7 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisRateLimiter::wait(): Argument #5 ($policy) cannot be "sliding_window" for wait(): a sliding window cannot reserve a place (use "token_bucket" or "fixed_window")
ValueError: RedisRateLimiter::reset(): Argument #1 ($name) must not be empty
ValueError: RedisRateLimiter::inspect(): Argument #1 ($name) must not be empty
