--TEST--
RedisLock::lock(): $expire is honoured to the millisecond, also below one second, and the lock is gone after it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 0.25));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 250);
var_dump($lock->lock($name . 'b', 0, 2.5));
$pttl = $raw->call('PTTL', "Lock:{$name}b");
var_dump($pttl > 2000 && $pttl <= 2500);
usleep(400000);
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->isLocking($name));
$other = new RedisLock(rl_dsn());
var_dump($other->lock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
