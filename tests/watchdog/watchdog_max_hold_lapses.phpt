--TEST--
Watchdog: max_hold renews the lock until max_hold after it was taken, not a lease longer
--DESCRIPTION--
Watchdog: max_hold 1.5 s (lease 0.9 s: a renewal due every 0.3 s may come 0.6 s
late on a loaded machine and still land) renews the lock until 1.5 s after it
was taken and not a lease longer: the last renewals give only what is left, so
it lapses at 1.5 s (not gone before 1.45 s; its end, on the server's clock, no
later than half a lease past it) while its holder still sleeps
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.9;
$lock = new RedisLock(wd_options($lease, [], 1.5));
$server0 = wd_server_ms($raw);
$taken = microtime(true);
var_dump($lock->lock($name, 0, 60));
$token = $raw->call('GET', l4_key($name));
[$bad] = wd_watch($raw, l4_key($name), $token, $lease, 1.2);
echo $bad ? implode("\n", $bad) . "\n" : "renewed for the first 1.2 s\n";
/* Until max_hold: not gone before 1.45 s after lock() was called, on this clock.
 * Not a lease longer: it lapses by itself, and no look finds its end past 1.5 s
 * after the server's clock before lock(), but for 450 ms (half a lease) of a
 * renewal's way to the server (a renewal past max_hold would end a lease, 900 ms,
 * after it). */
[$gone, $end] = wd_follow($raw, l4_key($name), $token);
$at = $gone === null ? null : microtime(true) - $taken;
echo wd_ok($at !== null && $at >= 1.45 && $end - $server0 <= 1950, [$at, $end - $server0]), "\n";
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
renewed for the first 1.2 s
ok
bool(false)
bool(false)
