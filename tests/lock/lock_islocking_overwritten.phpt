--TEST--
RedisLock::isLocking(): false once someone overwrote or deleted the key; unlock() then returns false and leaves the foreign value
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());

var_dump($lock->lock($name));
$raw->call('SET', "Lock:$name", 'intruder', 'PX', '10000');
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump($lock->expire($name, 1));
var_dump($raw->call('GET', "Lock:$name"));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 9000);

var_dump($lock->lock($name . 'b'));
$raw->call('DEL', "Lock:{$name}b");
var_dump($lock->isLocking($name . 'b'));
/* It is free, so this object can take it again. */
var_dump($lock->lock($name . 'b'));
var_dump($lock->isLocking($name . 'b'));
var_dump($lock->unlock($name . 'b'));
$raw->call('DEL', "Lock:$name");
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(false)
string(8) "intruder"
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
