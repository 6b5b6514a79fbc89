--TEST--
RedisLock::lockMany(): an empty array, a non-string or empty entry, the same name twice, or a bad $timeout/$expire throw ValueError, and take none of the locks
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$lock = new RedisLock(rl_dsn());
$calls = [
    fn() => $lock->lockMany([]),
    fn() => $lock->lockMany([$a, 1]),
    fn() => $lock->lockMany([$a, 1.5]),
    fn() => $lock->lockMany([$a, null]),
    fn() => $lock->lockMany([$a, true]),
    fn() => $lock->lockMany([$a, [$b]]),
    fn() => $lock->lockMany([$a, new ArrayObject()]),
    fn() => $lock->lockMany([$a, '']),
    fn() => $lock->lockMany(['']),
    fn() => $lock->lockMany([$a, $b, $a]),
    fn() => $lock->lockMany(['x' => $a, 'y' => $a]),
    fn() => $lock->lockMany([$a, $b], -1),
    fn() => $lock->lockMany([$a, $b], NAN),
    fn() => $lock->lockMany([$a, $b], INF),
    fn() => $lock->lockMany([$a, $b], 0, 0),
    fn() => $lock->lockMany([$a, $b], 0, -1),
    fn() => $lock->lockMany([$a, $b], 0, NAN),
    fn() => $lock->lockMany([$a, $b], 0, INF),
    fn() => $lock->lockMany([$a, $b], 0, 2e9),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b)));
var_dump($lock->isLocking($a), $lock->isLocking($b));

/* Names are compared byte for byte: these two differ, so they are fine. */
var_dump($lock->lockMany([$a, strtoupper($a)]));
var_dump($lock->unlockAll());
?>
--EXPECT--
ValueError: RedisLock::lockMany(): Argument #1 ($names) must not be empty
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must contain only non-empty strings
ValueError: RedisLock::lockMany(): Argument #1 ($names) must not contain the same name twice
ValueError: RedisLock::lockMany(): Argument #1 ($names) must not contain the same name twice
ValueError: RedisLock::lockMany(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockMany(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockMany(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockMany(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockMany(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockMany(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockMany(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockMany(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
int(0)
bool(false)
bool(false)
bool(true)
bool(true)
