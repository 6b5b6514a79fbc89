--TEST--
RedisLock::ttl(): null for a lock this object does not hold; the seconds left (a float) while it holds one; null once it expired and someone else took it
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

var_dump($lock->ttl($name));
var_dump($lock->lock($name, 0, 10));
$ttl = $lock->ttl($name);
var_dump(is_float($ttl) && $ttl > 9.5 && $ttl <= 10.0);
/* Another object does not hold it, whoever does. */
var_dump($other->ttl($name));

/* Sub-second precision, and it follows expire(). */
/* What is left: at most 2.5 s, and no less than 2.5 s less the time the two calls took. */
var_dump(l4_life_left(fn() => var_dump($lock->expire($name, 2.5)), function () use ($lock, $name, &$ttl) { return $ttl = $lock->ttl($name); }, 2.5));
var_dump(floor($ttl) != $ttl);
var_dump($lock->expire($name, 100));
$ttl = $lock->ttl($name);
var_dump($ttl > 99 && $ttl <= 100);
var_dump($lock->unlock($name));
var_dump($lock->ttl($name));

/* Expired, and taken by another object: no longer ours. */
var_dump($lock->lock($name, 0, 0.2));
usleep(300000);
var_dump($other->lock($name, 0, 30));
var_dump($lock->ttl($name));
var_dump($lock->isLocking($name));
$ttl = $other->ttl($name);
var_dump($ttl > 29 && $ttl <= 30);
var_dump($other->unlock($name));

/* Expired and free: null as well. */
var_dump($lock->lock($name, 0, 0.2));
usleep(300000);
var_dump($lock->ttl($name));

/* addLock() locks are not held by the object. */
$token = $lock->addLock($name, 30);
var_dump($lock->ttl($name));
var_dump($lock->releaseLock($name, $token));

/* lockMany() locks are, each with its lifetime. */
var_dump($lock->lockMany(["$name:a", "$name:b"], 0, 7));
$a = $lock->ttl("$name:a");
$b = $lock->ttl("$name:b");
var_dump($a > 6.5 && $a <= 7 && $b > 6.5 && $b <= 7);
var_dump($lock->unlockAll());
var_dump($lock->ttl("$name:a"));
?>
--EXPECT--
NULL
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
NULL
bool(false)
bool(true)
bool(true)
bool(true)
NULL
NULL
bool(true)
bool(true)
bool(true)
bool(true)
NULL
