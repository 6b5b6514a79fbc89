--TEST--
RedisLock::unlockAll(): returns false when one lock had expired (and perhaps passed to another holder), releases the rest, and leaves the new holder's lock
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lock($name . 'short', 0, 0.2));
var_dump($a->lock($name . 'x', 0, 10));
var_dump($a->lock($name . 'y', 0, 10));
usleep(350000);
var_dump($b->lock($name . 'short', 0, 10));
$token_b = $raw->call('GET', "Lock:{$name}short");

var_dump($a->unlockAll());
var_dump($raw->call('EXISTS', "Lock:{$name}x", "Lock:{$name}y"));
var_dump($raw->call('GET', "Lock:{$name}short") === $token_b);
var_dump($b->isLocking($name . 'short'));
/* Nothing is left to release. */
var_dump($a->unlockAll());
var_dump($b->unlockAll());

/* Expired and not taken by anyone: also not released by us, so false too. */
var_dump($a->lock($name . 'gone', 0, 0.2), $a->lock($name . 'z', 0, 10));
usleep(350000);
var_dump($a->unlockAll());
var_dump($raw->call('EXISTS', "Lock:{$name}gone", "Lock:{$name}z"));
?>
--EXPECT--
bool(true)
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
bool(true)
bool(false)
int(0)
