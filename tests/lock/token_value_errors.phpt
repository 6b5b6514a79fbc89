--TEST--
RedisLock::addLock()/releaseLock()/extendLock(): invalid arguments throw ValueError naming the parameter, and touch nothing
--DESCRIPTION--
RedisLock::addLock()/releaseLock()/extendLock(): empty name or token, $expire <=
0, NAN, INF or above 1e9, and a negative or non-finite $timeout throw ValueError
naming the parameter, and touch nothing
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$calls = [
    fn() => $lock->addLock(''),
    fn() => $lock->addLock($name, 0),
    fn() => $lock->addLock($name, -1),
    fn() => $lock->addLock($name, NAN),
    fn() => $lock->addLock($name, INF),
    fn() => $lock->addLock($name, 2e9),
    fn() => $lock->addLock($name, 10, -0.1),
    fn() => $lock->addLock($name, 10, NAN),
    fn() => $lock->addLock($name, 10, INF),
    fn() => $lock->addLock($name, 10, -INF),
    fn() => $lock->releaseLock('', '1:abc'),
    fn() => $lock->releaseLock($name, ''),
    fn() => $lock->extendLock('', '1:abc', 10),
    fn() => $lock->extendLock($name, '', 10),
    fn() => $lock->extendLock($name, '1:abc', 0),
    fn() => $lock->extendLock($name, '1:abc', -5),
    fn() => $lock->extendLock($name, '1:abc', NAN),
    fn() => $lock->extendLock($name, '1:abc', INF),
    fn() => $lock->extendLock($name, '1:abc', 1e10),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('EXISTS', l4_key($name)));

/* With the lock taken, a rejected extendLock() leaves its lifetime alone. */
$token = $lock->addLock($name, 20);
foreach ([0, NAN, INF, -1] as $bad) {
    try {
        $lock->extendLock($name, $token, $bad);
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 19000 && $pttl <= 20000);
try {
    $lock->releaseLock($name, '');
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
var_dump($raw->call('GET', l4_key($name)) === $token);
var_dump($lock->releaseLock($name, $token));
?>
--EXPECT--
ValueError: RedisLock::addLock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::addLock(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::addLock(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::addLock(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::addLock(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::addLock(): Argument #2 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::addLock(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::addLock(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::addLock(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::addLock(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::releaseLock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::releaseLock(): Argument #2 ($token) must not be empty
ValueError: RedisLock::extendLock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::extendLock(): Argument #2 ($token) must not be empty
ValueError: RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
int(0)
RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
RedisLock::extendLock(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
bool(true)
RedisLock::releaseLock(): Argument #2 ($token) must not be empty
bool(true)
bool(true)
