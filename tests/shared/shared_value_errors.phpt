--TEST--
RedisLock::lockShared(): invalid arguments throw ValueError exactly as lock() does (empty name #1, negative/NAN/INF timeout #2, expire <= 0, NAN, INF or beyond 1e9 #3) and touch nothing
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$calls = [
    fn () => $lock->lockShared(''),
    fn () => $lock->lockShared($name, -0.5),
    fn () => $lock->lockShared($name, NAN),
    fn () => $lock->lockShared($name, INF),
    fn () => $lock->lockShared($name, 0, 0),
    fn () => $lock->lockShared($name, 0, -1),
    fn () => $lock->lockShared($name, 0, NAN),
    fn () => $lock->lockShared($name, 0, INF),
    fn () => $lock->lockShared($name, 0, 2e9),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('EXISTS', l4_key($name)));
/* While held shared, a bad call leaves the hold as it was. */
var_dump($lock->lockShared($name, 0, 10));
$before = sem_zset($raw, l4_key($name));
try {
    $lock->lockShared($name, 0, 0);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
var_dump(sem_zset($raw, l4_key($name)) === $before, $lock->unlock($name));
?>
--EXPECT--
ValueError: RedisLock::lockShared(): Argument #1 ($name) must not be empty
ValueError: RedisLock::lockShared(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockShared(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockShared(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
int(0)
bool(true)
RedisLock::lockShared(): Argument #3 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
bool(true)
bool(true)
