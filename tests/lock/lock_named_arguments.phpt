--TEST--
RedisLock: named arguments reach the right parameters (lock(name: ..., expire: 2) sets a 2 s TTL)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(connection: rl_dsn());
var_dump($lock->lock(name: $name, expire: 2));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 1000 && $pttl <= 2000);
var_dump($lock->expire(expire: 0.5, name: $name));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 500);
var_dump($lock->isLocking(name: $name));
var_dump($lock->lock(waitIntervalUs: 1000, timeout: 0.05, name: $name . 'x'));
var_dump($lock->unlock(name: $name));
var_dump($lock->unlockAll());
var_dump($raw->call('GET', "Lock:$name"), $raw->call('GET', "Lock:{$name}x"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
NULL
