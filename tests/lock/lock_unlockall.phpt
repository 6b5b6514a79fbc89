--TEST--
RedisLock::unlockAll(): releases every lock the object holds and returns true
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->unlockAll());
$names = [$name . 'a', $name . 'b', $name . 'c'];
foreach ($names as $n) {
    var_dump($lock->lock($n));
}
var_dump($raw->call('EXISTS', ...array_map(fn($n) => "Lock:$n", $names)));
var_dump($lock->unlockAll());
var_dump($raw->call('EXISTS', ...array_map(fn($n) => "Lock:$n", $names)));
foreach ($names as $n) {
    var_dump($lock->isLocking($n));
}
var_dump($lock->unlockAll());
/* Anyone can take them now. */
$other = new RedisLock(rl_dsn());
var_dump($other->lock($names[1]));
var_dump($other->unlockAll());
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(3)
bool(true)
int(0)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
