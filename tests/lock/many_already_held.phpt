--TEST--
RedisLock::lockMany(): returns false when this object already holds one of the names, and takes none of the others; the held lock stays as it was
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$lock = new RedisLock(rl_dsn());

var_dump($lock->lock($a, 0, 30));
$fence = $lock->fencingToken($a);
$token = $raw->call('GET', l4_key($a));
var_dump($lock->lockMany([$b, $a]));
var_dump($lock->lockMany([$a], 1));
var_dump($raw->call('EXISTS', l4_key($b)));
var_dump($lock->isLocking($b));
var_dump($raw->call('GET', l4_key($a)) === $token);
var_dump($lock->fencingToken($a) === $fence);
var_dump($lock->isLocking($a));

/* Held through lockMany() itself: the same. */
var_dump($lock->unlock($a));
var_dump($lock->lockMany([$a, $b]));
var_dump($lock->lockMany([$b, "$b:more"]));
var_dump($raw->call('EXISTS', l4_key("$b:more")));
var_dump($lock->unlockAll());
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b)));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
int(0)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
int(0)
