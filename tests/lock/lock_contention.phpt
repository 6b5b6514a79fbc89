--TEST--
RedisLock: two objects contend; one gets the lock, the other gets false until it is unlocked
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lock($name));
var_dump($b->lock($name));
var_dump($a->unlock($name));
var_dump($b->lock($name));
var_dump($a->lock($name));
var_dump($b->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
