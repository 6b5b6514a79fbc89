--TEST--
Watchdog: a process SIGKILLed while holding a lock given to watchLock() renews no more, at most the lease is left on the server, and a waiter gets it
--DESCRIPTION--
Watchdog: a process SIGKILLed while it holds a lock it gave to watchLock()
(lease 0.3 s, $maxHold 60 s, taken for 60 s) renews no more: a waiter gets the
lock within the lease plus a margin (0.3 + 0.4 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 0.8 s: a renewal due every 0.27 s may come 0.5 s late on a loaded host and still land in time. */
$lease = 0.8;
[$proc, $in, $out, $pid] = wd_spawn('
$lock = new RedisLock(wd_options(' . $lease . '));
$token = $lock->addLock(' . var_export($name, true) . ', 60, fenced: false);
echo $token !== false && $lock->watchLock(' . var_export($name, true) . ', $token, 60) ? "held\n" : "busy\n";
sleep(30);
');
echo l4_read_line($out, 10), "\n";
$token = (string) $raw->call('GET', l4_key($name));
[$bad] = wd_watch($raw, l4_key($name), $token, $lease, 0.8);
echo $bad ? implode("\n", $bad) . "\n" : "renewed while the holder lives\n";
$waiter = new RedisLock(rl_options());
l4_signal($pid, 'KILL');
$killed = microtime(true);
/* Once the holder is dead, the server gives its hold at most the lease to live
 * (not the 60 s watched), and the waiter takes it long before (20 s tells that
 * from a loaded host's delay). */
l4_until(fn () => !proc_get_status($proc)['running'], 30.0);
$left = wd_left($raw, l4_key($name), $token);
var_dump($waiter->lock($name, 30, 30));
$after = microtime(true) - $killed;
echo wd_ok(($left === null || $left <= $lease * 1000) && $after < 20, [$left, $after]), "\n";
echo wd_reap($proc), "\n";
var_dump($waiter->unlock($name));
?>
--EXPECT--
held
renewed while the holder lives
bool(true)
ok
-1
bool(true)
