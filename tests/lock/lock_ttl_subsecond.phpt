--TEST--
RedisLock::lock(): $expire is honoured to the millisecond, also below one second, and the lock is gone after it
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
/* 0.75 s (under a second, not rounded to whole seconds): long enough not to lapse
 * before the PTTL (a loaded machine may take its time between the two). */
var_dump($lock->lock($name, 0, 0.75));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 750);
/* 2.5 s, not cut to 2: no less than 2.5 s less the time both calls took. */
var_dump(l4_life_left(fn () => $lock->lock($name . 'b', 0, 2.5), fn () => $raw->call('PTTL', "Lock:{$name}b") / 1000, 2.5));
usleep(800000);
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->isLocking($name));
$other = new RedisLock(rl_dsn());
var_dump($other->lock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(true)
