--TEST--
Watchdog: a permit holder killed with SIGKILL renews no more: at most the lease is left on the server, and a waiter gets the permit
--DESCRIPTION--
Watchdog: a semaphore permit holder killed with SIGKILL (lease 0.3 s, $expire 60
s asked) renews no more: another process waiting for the only permit gets it
within the lease plus a margin (0.3 + 0.4 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
/* A lease of 0.8 s: a renewal due every 0.27 s may come 0.5 s late on a loaded host and still land in time. */
$lease = 0.8;
[$proc, $in, $out, $pid] = wd_spawn('
$sem = new RedisSemaphore(wd_options(' . $lease . '));
echo $sem->acquire(' . var_export($name, true) . ', 1, 0, 60) !== false ? "held\n" : "busy\n";
sleep(30);
');
echo l4_read_line($out, 10), "\n";
usleep(1200000);   // past the first lease
$waiter = new RedisSemaphore(rl_options());
var_dump($waiter->acquire($name, 1));   // renewed: still taken

l4_signal($pid, 'KILL');
$killed = microtime(true);
/* Once the holder is dead, the server gives its permit at most the lease to live
 * (not the 60 s asked), and the waiter gets it long before those 60 s (20 s
 * tells that from a loaded host's delay). */
l4_until(fn () => !proc_get_status($proc)['running'], 30.0);
$raw = new RawRedis();
$scores = $raw->call('ZRANGE', 'Semaphore:' . $name, '0', '-1', 'WITHSCORES');
$left = $scores ? (int) end($scores) - wd_server_ms($raw) : null;
$token = $waiter->acquire($name, 1, 30, 30);
$after = microtime(true) - $killed;
echo wd_ok(is_string($token), $token), "\n";
echo wd_ok(($left === null || $left <= $lease * 1000) && $after < 20, [$left, $after]), "\n";
echo wd_reap($proc), "\n";
var_dump($waiter->release($name, $token));
?>
--EXPECT--
held
bool(false)
ok
ok
-1
bool(true)
