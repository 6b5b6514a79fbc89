--TEST--
RedisLock::isLocking(): true only while this object holds the lock and Redis still has its token
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->isLocking($name));
var_dump($a->lock($name));
var_dump($a->isLocking($name));
var_dump($b->isLocking($name));
var_dump($a->unlock($name));
var_dump($a->isLocking($name));
var_dump($b->lock($name));
var_dump($a->isLocking($name));
var_dump($b->isLocking($name));
var_dump($b->unlock($name));
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
