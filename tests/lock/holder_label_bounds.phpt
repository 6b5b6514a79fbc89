--TEST--
The holder option: over 64 bytes is a ValueError naming the option, in the options array and in a DSN; a string only; RedisRateLimiter, RedisQueue and a Redlock RedisLock refuse it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$try = function (callable $fn) {
    try {
        $fn();
        echo "accepted\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
};
$try(fn () => new RedisLock(rl_options(['holder' => str_repeat('x', 64)])));
$try(fn () => new RedisSemaphore(rl_options(['holder' => str_repeat('x', 64)])));
$try(fn () => new RedisLock(rl_options(['holder' => str_repeat('x', 65)])));
$try(fn () => new RedisSemaphore(rl_options(['holder' => str_repeat("\0", 65)])));
$try(fn () => new RedisLock('redis://127.0.0.1:6999?holder=' . str_repeat('%00', 65)));
$try(fn () => new RedisLock('redis://127.0.0.1:6999?holder=' . str_repeat('%00', 64)));
$try(fn () => new RedisLock(rl_options(['holder' => 12])));
$try(fn () => new RedisRateLimiter(rl_options(['holder' => 'x'])));
$try(fn () => new RedisQueue(rl_options(['holder' => 'x'])));
$try(fn () => new RedisLock(['redlock' => ['redis://127.0.0.1:6999', 'redis://127.0.0.1:6380', 'redis://127.0.0.1:6381'], 'holder' => 'x']));
?>
--EXPECT--
accepted
accepted
ValueError: RedisLock::__construct(): Argument #1 ($connection) option "holder" must be at most 64 bytes long
ValueError: RedisSemaphore::__construct(): Argument #1 ($connection) option "holder" must be at most 64 bytes long
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: holder must be at most 64 bytes long
accepted
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "holder" must be of type string, int given
ValueError: RedisRateLimiter::__construct(): Argument #1 ($connection) cannot use option "holder": a rate limiter holds nothing
ValueError: RedisQueue::__construct(): Argument #1 ($connection) cannot use option "holder": it names the holder of a lock or of a semaphore's permits
ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use option "holder" with "redlock": inspect(), which names the holder, is not available with redlock
