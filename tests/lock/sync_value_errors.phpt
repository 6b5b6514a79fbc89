--TEST--
RedisLock::synchronized(): an empty name, a negative or non-finite $timeout, or $expire <= 0, NAN, INF or above 1e9 throw ValueError; $fn is not called and no lock is taken
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$called = 0;
$fn = function () use (&$called) { $called++; return 'ran'; };
$calls = [
    fn() => $lock->synchronized('', $fn),
    fn() => $lock->synchronized($name, $fn, -1),
    fn() => $lock->synchronized($name, $fn, NAN),
    fn() => $lock->synchronized($name, $fn, INF),
    fn() => $lock->synchronized($name, $fn, 2e9),
    fn() => $lock->synchronized($name, $fn, 0, 0),
    fn() => $lock->synchronized($name, $fn, 0, -0.5),
    fn() => $lock->synchronized($name, $fn, 0, NAN),
    fn() => $lock->synchronized($name, $fn, 0, INF),
    fn() => $lock->synchronized($name, $fn, 0, 1e10),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
/* Not callable: a TypeError, before anything is locked. */
try {
    $lock->synchronized($name, 'no_such_function_anywhere');
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($called);
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($lock->isLocking($name));
var_dump($lock->synchronized($name, $fn));
?>
--EXPECT--
ValueError: RedisLock::synchronized(): Argument #1 ($name) must not be empty
ValueError: RedisLock::synchronized(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::synchronized(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::synchronized(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::synchronized(): Argument #3 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
TypeError: RedisLock::synchronized(): Argument #2 ($fn) must be a valid callback, function "no_such_function_anywhere" not found or invalid function name
int(0)
int(0)
bool(false)
string(3) "ran"
