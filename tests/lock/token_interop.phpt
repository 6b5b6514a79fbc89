--TEST--
RedisLock: lock() and addLock() are the same lock in Redis: a lock() token releases with releaseLock(), and an addLock() lock keeps lock() out
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());

echo "lock() by A, releaseLock() by B:\n";
var_dump($a->lock($name, 0, 30));
$token = $raw->call('GET', l4_key($name));
var_dump($b->addLock($name));
var_dump($b->releaseLock($name, $token));
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($a->isLocking($name));
var_dump($a->unlock($name));
var_dump($b->releaseLock($name, $token));

echo "addLock() by B keeps A's lock() out until released:\n";
$token = $b->addLock($name, 30);
var_dump($raw->call('GET', l4_key($name)) === $token);
var_dump($a->lock($name));
var_dump($a->lock($name, 0.2));
var_dump($a->isLocking($name));
var_dump($b->releaseLock($name, $token));
var_dump($a->lock($name));
var_dump($a->isLocking($name));

echo "A's own releaseLock() with its lock() token:\n";
$token = $raw->call('GET', l4_key($name));
var_dump($a->releaseLock($name, $token));
var_dump($a->isLocking($name));
var_dump($a->fencingToken($name));
var_dump($a->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
lock() by A, releaseLock() by B:
bool(true)
bool(false)
bool(true)
int(0)
bool(false)
bool(false)
bool(false)
addLock() by B keeps A's lock() out until released:
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
A's own releaseLock() with its lock() token:
bool(true)
bool(false)
NULL
bool(false)
int(0)
