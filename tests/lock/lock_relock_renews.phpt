--TEST--
RedisLock::lock(): locking a name this object already holds returns true at once, renews the TTL to the new $expire, and one unlock() releases it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
/* Held for 10 s: a lock() that waited for its own hold to end would take 10 s, one
 * that waited out its 30 s timeout would return false; the bound is half the first. */
var_dump($lock->lock($name, 0, 10));
$start = microtime(true);
var_dump($lock->lock($name, 30, 20));
$elapsed = microtime(true) - $start;
var_dump($elapsed < 5.0 ? 'at once' : "took $elapsed s");
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 10000 && $pttl <= 20000);

/* A shorter lifetime is applied too (5 s: long enough not to lapse before the PTTL). */
var_dump($lock->lock($name, 0, 5));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 5000);

var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
string(7) "at once"
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
