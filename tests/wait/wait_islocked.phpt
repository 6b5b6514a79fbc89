--TEST--
RedisLock::isLocked(): true while anyone holds the lock (another object, an addLock() token, a lockMany()), false when free or expired; it takes nothing
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

var_dump($lock->isLocked($name));
var_dump($other->lock($name, 0, 30));
var_dump($lock->isLocked($name));
var_dump($other->isLocked($name));
/* Asking does not make it ours. */
var_dump($lock->isLocking($name));
var_dump($lock->ttl($name));
var_dump($other->unlock($name));
var_dump($lock->isLocked($name));

$token = $other->addLock($name, 30);
var_dump($lock->isLocked($name));
var_dump($other->releaseLock($name, $token));
var_dump($lock->isLocked($name));

var_dump($other->lockMany(["$name:a", "$name:b"]));
var_dump($lock->isLocked("$name:a"), $lock->isLocked("$name:b"));
var_dump($other->unlockAll());
var_dump($lock->isLocked("$name:a"), $lock->isLocked("$name:b"));

/* 0.6 s: long enough not to lapse before the next check (a loaded machine may take its time between calls); then it is waited out. */
var_dump($other->lock($name, 0, 0.6));
var_dump($lock->isLocked($name));
l4_until(fn () => $raw->call('EXISTS', l4_key($name)) === 0, 30);
var_dump($lock->isLocked($name));

/* It only asks: the lock stays free for the next taker. */
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($lock->lock($name));
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
NULL
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
bool(true)
