--TEST--
RedisLock::ttl()/isLocked()/fencingToken(): an empty name throws ValueError naming the parameter
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$lock = new RedisLock(rl_dsn());
$calls = [
    fn() => $lock->ttl(''),
    fn() => $lock->isLocked(''),
    fn() => $lock->fencingToken(''),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
/* A name of one NUL byte is not empty. */
var_dump($lock->ttl("\0"), $lock->isLocked("\0"), $lock->fencingToken("\0"));
?>
--EXPECT--
ValueError: RedisLock::ttl(): Argument #1 ($name) must not be empty
ValueError: RedisLock::isLocked(): Argument #1 ($name) must not be empty
ValueError: RedisLock::fencingToken(): Argument #1 ($name) must not be empty
NULL
bool(false)
NULL
