--TEST--
Watchdog: watchLock($name, $token, 1.5) (lease 0.9 s) renews the hold until 1.5 s from the call and not a lease longer: it lapses by itself, its end within 1.5 s on the server's clock
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* 0.9 s: a renewal due every 0.3 s may come 0.6 s late on a loaded machine and still land. */
$lease = 0.9;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 60, fenced: false);
$server0 = wd_server_ms($raw);
$at = microtime(true);
var_dump($lock->watchLock($name, $token, 1.5));
/* The first lease replaces the 60 s the hold was taken with. */
echo wd_ok($raw->call('PTTL', l4_key($name)) <= 900, $raw->call('PTTL', l4_key($name))), "\n";
/* Until 1.5 s: not gone before 1.45 s on this clock. Not a lease longer: it lapses
 * by itself, and no look finds its end past 1.5 s after the server's clock before
 * the call, but for 450 ms (half a lease) of a renewal's way to the server (a
 * renewal past 1.5 s would end a lease, 900 ms, after it). */
[$gone, $end] = wd_follow($raw, l4_key($name), $token);
$gone = $gone === null ? null : microtime(true) - $at;
echo wd_ok($gone !== null && $gone >= 1.45 && $end - $server0 <= 1950, [$gone, $end - $server0]), "\n";
var_dump($lock->holdsLock($name, $token), $lock->releaseLock($name, $token));
?>
--EXPECT--
bool(true)
ok
ok
bool(false)
bool(false)
