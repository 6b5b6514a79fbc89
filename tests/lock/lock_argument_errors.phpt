--TEST--
RedisLock: invalid arguments throw ValueError naming the parameter (empty name, expire <= 0, NAN, INF, negative timeout or wait interval) and touch nothing
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$calls = [
    fn() => $lock->lock(''),
    fn() => $lock->unlock(''),
    fn() => $lock->expire('', 1),
    fn() => $lock->isLocking(''),
    fn() => $lock->lock($name, 0, 0),
    fn() => $lock->lock($name, 0, -1),
    fn() => $lock->lock($name, 0, NAN),
    fn() => $lock->lock($name, 0, INF),
    fn() => $lock->lock($name, 0, 2e9),
    fn() => $lock->lock($name, -0.5),
    fn() => $lock->lock($name, NAN),
    fn() => $lock->lock($name, INF),
    fn() => $lock->lock($name, 0, 1, -1),
    fn() => $lock->expire($name, 0),
    fn() => $lock->expire($name, -2),
    fn() => $lock->expire($name, NAN),
    fn() => $lock->expire($name, INF),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('EXISTS', "Lock:$name"));

/* The same checks apply while the lock is held, and the lock stays as it was. */
var_dump($lock->lock($name, 0, 10));
foreach ([fn() => $lock->expire($name, 0), fn() => $lock->expire($name, NAN), fn() => $lock->lock($name, 0, 0)] as $call) {
    try {
        $call();
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 9000);
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
?>
--EXPECT--
ValueError: RedisLock::lock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::unlock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::expire(): Argument #1 ($name) must not be empty
ValueError: RedisLock::isLocking(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lock(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lock(): Argument #4 ($waitIntervalUs) must be greater than or equal to 0
ValueError: RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
int(0)
bool(true)
RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
RedisLock::expire(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
RedisLock::lock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
bool(true)
bool(true)
bool(true)
