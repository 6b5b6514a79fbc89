--TEST--
RedisLock::lock(): a key without TTL written by someone else is never taken over, even when waiting; the key is left as it was
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$raw->call('SET', "Lock:$name", 'held-by-someone-else');
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name));
var_dump($lock->lock($name, 0.3, 1, 50000));
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump($lock->expire($name, 1));
var_dump($lock->unlockAll());
unset($lock);
var_dump($raw->call('GET', "Lock:$name"));
var_dump($raw->call('PTTL', "Lock:$name"));
$raw->call('DEL', "Lock:$name");
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
string(20) "held-by-someone-else"
int(-1)
