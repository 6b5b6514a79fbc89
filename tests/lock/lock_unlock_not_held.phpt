--TEST--
RedisLock::unlock(): a lock this object does not hold returns false and is not deleted; a second unlock() returns false
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->unlock($name));
var_dump($b->lock($name));
var_dump($a->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($b->unlock($name));
var_dump($b->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(false)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
int(0)
