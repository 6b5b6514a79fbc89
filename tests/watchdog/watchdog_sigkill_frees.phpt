--TEST--
Watchdog: a holder killed with SIGKILL (lease 0.8 s, $expire 60 s asked) renews no more: at most the lease is left after the kill (the server's count), and a waiter gets it, not after $expire
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 0.8 s: a renewal due every 0.27 s may come 0.5 s late on a loaded host and still land in time. */
$lease = 0.8;
[$proc, $in, $out, $pid] = wd_spawn('
$lock = new RedisLock(wd_options(' . $lease . '));
echo $lock->lock(' . var_export($name, true) . ', 0, 60) ? "held\n" : "busy\n";
sleep(30);
');
echo l4_read_line($out, 10), "\n";
$token = $raw->call('GET', l4_key($name));
/* Renewed for a while first: the lock outlives its first lease. */
[$bad] = wd_watch($raw, l4_key($name), (string) $token, $lease, 0.8);
echo $bad ? implode("\n", $bad) . "\n" : "renewed while the holder lives\n";

$waiter = new RedisLock(rl_options());
l4_signal($pid, 'KILL');
$killed = microtime(true);
/* Once the holder is dead, the server gives its hold at most the lease to live
 * (not the 60 s asked), and the waiter takes it, long before those 60 s (20 s
 * tells that from a loaded host's delay). */
l4_until(fn () => !proc_get_status($proc)['running'], 30.0);
$left = wd_left($raw, l4_key($name), (string) $token);
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
