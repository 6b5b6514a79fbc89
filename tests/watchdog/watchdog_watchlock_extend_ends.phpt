--TEST--
Watchdog: extendLock() of a hold given to watchLock() ends the watch: the hold lives the 0.6 s asked and then lapses (its end on the server's clock), not renewed on to $maxHold
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 5, fenced: false);
var_dump($lock->watchLock($name, $token, 60));
usleep(400000);
$server0 = wd_server_ms($raw);
$at = microtime(true);
var_dump($lock->extendLock($name, $token, 0.6));
/* Lives the 0.6 s asked: not gone before 0.55 s on this clock. Not renewed on: it
 * lapses by itself, and no look finds its end past 0.6 s after the server's clock
 * before extendLock(), but for 250 ms of a renewal's way to the server (a renewal
 * after it would end a lease, 300 ms, later). */
[$gone, $end] = wd_follow($raw, l4_key($name), $token);
$gone = $gone === null ? null : microtime(true) - $at;
echo wd_ok($gone !== null && $gone >= 0.55 && $end - $server0 <= 850, [$gone, $end - $server0]), "\n";
?>
--EXPECT--
bool(true)
bool(true)
ok
