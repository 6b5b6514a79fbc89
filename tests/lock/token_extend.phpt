--TEST--
RedisLock::extendLock(): gives the lock holding the token a new lifetime from now; a wrong or released token changes nothing
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$token = $lock->addLock($name, 2);
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 1000 && $pttl <= 2000);

/* Any object may extend it with the token, longer or shorter. */
var_dump($other->extendLock($name, $token, 60));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 59000 && $pttl <= 60000);
/* What is left: at most 0.5 s, and no less than 0.5 s less the time the two calls took. */
var_dump(l4_life_left(fn() => var_dump($lock->extendLock($name, $token, 0.5)), fn() => $raw->call('PTTL', l4_key($name)) / 1000, 0.5));
var_dump($lock->extendLock($name, $token, 45.5));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 44500 && $pttl <= 45500);

/* A wrong token: false, and the lifetime and token stay. */
[$fence, $random] = explode(':', $token);
var_dump($lock->extendLock($name, $fence . ':' . strrev($random), 5));
var_dump($lock->extendLock($name, strrev($random), 5));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 44000 && $pttl <= 45500);
var_dump($raw->call('GET', l4_key($name)) === $token);

/* Released: extending does not bring it back. */
var_dump($lock->releaseLock($name, $token));
var_dump($lock->extendLock($name, $token, 30));
var_dump($raw->call('EXISTS', l4_key($name)));

/* A lock() lock extended through its token, read from Redis. */
var_dump($other->lock($name, 0, 1));
var_dump($lock->extendLock($name, $raw->call('GET', l4_key($name)), 20));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 19000 && $pttl <= 20000);
var_dump($other->isLocking($name));
var_dump($other->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
