--TEST--
RedisLock::isLocked(): true for any object while the name is held only by shared holders, and false once the last of them unlocked
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$r1 = new RedisLock(rl_dsn());
$r2 = new RedisLock(rl_dsn());
$observer = new RedisLock(rl_dsn());
var_dump($observer->isLocked($name));
var_dump($r1->lockShared($name, 0, 10));
var_dump($observer->isLocked($name), $r1->isLocked($name));
var_dump($r2->lockShared($name, 0, 10));
var_dump($r1->unlock($name));
var_dump($observer->isLocked($name));
var_dump($r2->unlock($name));
var_dump($observer->isLocked($name));
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
