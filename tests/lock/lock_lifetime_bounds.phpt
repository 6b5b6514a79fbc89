--TEST--
RedisLock: the extreme accepted values work: $expire and $timeout of 1e9 s, and a lifetime below 1 ms (rounded up to 1 ms)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 1e9, 1e9));
var_dump($raw->call('PTTL', "Lock:$name") > 999999000000);
var_dump($lock->expire($name, 1e9));
var_dump($raw->call('PTTL', "Lock:$name") > 999999000000);
var_dump($lock->unlock($name));

var_dump($lock->lock("$name:tiny", 0, 0.0001));
usleep(20000);
var_dump($raw->call('EXISTS', "Lock:$name:tiny"));
var_dump($lock->lock("$name:tiny", 0, 0.0001));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
