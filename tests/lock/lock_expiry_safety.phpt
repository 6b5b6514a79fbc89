--TEST--
RedisLock: after its lock expired and another object took it, the first holder's unlock(), expire() and isLocking() return false and leave the new lock alone
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lock($name, 0, 0.2));
usleep(350000);
var_dump($b->lock($name, 0, 10));
$token_b = $raw->call('GET', "Lock:$name");

var_dump($a->unlock($name));
var_dump($a->expire($name, 0.05));
var_dump($a->isLocking($name));
var_dump($a->unlockAll());

/* B's lock is untouched: same token, TTL still about 10 s. */
var_dump($raw->call('GET', "Lock:$name") === $token_b);
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 9000 && $pttl <= 10000);
var_dump($b->isLocking($name));
var_dump($a->lock($name));
var_dump($b->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
