--TEST--
RedisLock::expire(): sets a new lifetime (sub-second too) on a held lock, and returns false for a lock this object does not hold
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lock($name, 0, 1));
$token = $raw->call('GET', "Lock:$name");

var_dump($a->expire($name, 30));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 29000 && $pttl <= 30000);

var_dump($a->expire($name, 0.3));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 300);
var_dump($raw->call('GET', "Lock:$name") === $token);

/* Not held by this object: false, and nothing changes. */
var_dump($b->expire($name, 60));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 300);
var_dump($a->expire($name . ':never-locked', 5));
var_dump($raw->call('EXISTS', "Lock:$name:never-locked"));

/* After it ran out, expire() cannot bring it back. */
usleep(450000);
var_dump($a->expire($name, 10));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($a->isLocking($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(false)
int(0)
bool(false)
int(0)
bool(false)
