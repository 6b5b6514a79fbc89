--TEST--
RedisLock: arguments of the wrong type throw TypeError (lock([]), lock('x', 'abc'), ...)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$lock = new RedisLock(rl_dsn());
$calls = [
    fn() => $lock->lock([]),
    fn() => $lock->lock('x', 'abc'),
    fn() => $lock->lock('x', 0, 'soon'),
    fn() => $lock->lock('x', 0, 1, [1000]),
    fn() => $lock->lock('x', 0, 1, 'often'),
    fn() => $lock->unlock(new stdClass),
    fn() => $lock->expire('x', []),
    fn() => $lock->isLocking(['x']),
    fn() => $lock->lock(),
    fn() => $lock->unlockAll('x'),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
TypeError: RedisLock::lock(): Argument #1 ($name) must be of type string, array given
TypeError: RedisLock::lock(): Argument #2 ($timeout) must be of type float, string given
TypeError: RedisLock::lock(): Argument #3 ($expire) must be of type float, string given
TypeError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be of type int, array given
TypeError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be of type int, string given
TypeError: RedisLock::unlock(): Argument #1 ($name) must be of type string, stdClass given
TypeError: RedisLock::expire(): Argument #2 ($expire) must be of type float, array given
TypeError: RedisLock::isLocking(): Argument #1 ($name) must be of type string, array given
ArgumentCountError: RedisLock::lock() expects at least 1 argument, 0 given
ArgumentCountError: RedisLock::unlockAll() expects exactly 0 arguments, 1 given
