--TEST--
RedisRateLimiter: an argument of the wrong type is a TypeError (strict types), and an object without its constructor called throws an Error
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/../harness/limiter_test.inc';
$l = lim_new();
echo lim_error(fn () => $l->consume('n', '5', 1.0)), "\n";
echo lim_error(fn () => $l->consume('n', 5, '1')), "\n";
echo lim_error(fn () => $l->consume('n', 5, 1.0, 1, 'token_bucket', 'x')), "\n";
echo lim_error(fn () => $l->wait('n', 5, 1.0, 1, 'token_bucket', null, '1')), "\n";
echo lim_error(fn () => new RedisRateLimiter(5)), "\n";
echo lim_error(fn () => (new ReflectionClass(RedisRateLimiter::class))->newInstanceWithoutConstructor()->reset('n')), "\n";
echo lim_error(fn () => clone $l), "\n";
?>
--EXPECT--
TypeError: RedisRateLimiter::consume(): Argument #2 ($limit) must be of type int, string given
TypeError: RedisRateLimiter::consume(): Argument #3 ($interval) must be of type float, string given
TypeError: RedisRateLimiter::consume(): Argument #6 ($burst) must be of type ?int, string given
TypeError: RedisRateLimiter::wait(): Argument #7 ($timeout) must be of type float, string given
TypeError: RedisRateLimiter::__construct(): Argument #1 ($connection) must be of type array|string|null, int given
Error: RedisRateLimiter object is not initialized: its constructor was not called
Error: Trying to clone an uncloneable object of class RedisRateLimiter
