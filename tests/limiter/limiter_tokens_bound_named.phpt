--TEST--
RedisRateLimiter: $tokens past what one call takes is a ValueError that names the bound in force: $limit, $burst, or 10^9 on a fixed window whose limit is larger
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$l = lim_new();
$name = rl_name();
foreach ([
    [10, 'fixed_window', 11],
    [10 ** 13, 'fixed_window', 10 ** 9 + 1],
    [10, 'token_bucket', 11],
] as [$limit, $policy, $tokens]) {
    try {
        $l->consume($name, $limit, 60.0, $tokens, $policy);
        echo "$policy: no error\n";
    } catch (ValueError $e) {
        echo "$policy: ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
fixed_window: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $limit (10)
fixed_window: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and 1000000000 (the most one call takes)
token_bucket: RedisRateLimiter::consume(): Argument #4 ($tokens) must be between 1 and $burst (10)
