--TEST--
RedisLock::fencingToken() on a shared hold returns null (a shared hold has no fencing number: numbers order the writers) and leaves the hold as it was; after promotion to exclusive it returns a number
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lockShared($name, 0, 10));
$before = sem_zset($raw, l4_key($name));
var_dump($lock->fencingToken($name));
var_dump(sem_zset($raw, l4_key($name)) === $before, $lock->isLocking($name));
var_dump($lock->lock($name, 0));
var_dump(is_int($lock->fencingToken($name)));
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
