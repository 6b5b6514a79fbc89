--TEST--
Watchdog: a holder stopped with SIGSTOP renews no more, at most the lease is left on the server, and another process gets the lock
--DESCRIPTION--
Watchdog: a holder stopped with SIGSTOP (lease 0.3 s) renews no more: another
process gets the lock within the lease plus a margin; after SIGCONT the holder
learns it lost it (isLocking() false, ttl() null, unlock() false) and the
other's lock is untouched
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 0.8 s: a renewal due every 0.27 s may come 0.5 s late on a loaded host and still land in time. */
$lease = 0.8;
[$proc, $in, $out, $pid] = wd_spawn('
$name = ' . var_export($name, true) . ';
$lock = new RedisLock(wd_options(' . $lease . '));
echo $lock->lock($name, 0, 60) ? "held\n" : "busy\n";
fgets(STDIN);   // stopped and continued meanwhile
var_dump($lock->isLocking($name), $lock->ttl($name), $lock->unlock($name));
');
echo l4_read_line($out, 10), "\n";
usleep(1200000);   // past the first lease
$waiter = new RedisLock(rl_options());
var_dump($waiter->lock($name));   // renewed: still taken

l4_signal($pid, 'STOP');
$stopped = microtime(true);
/* Once the holder is stopped (T in /proc), the server gives its hold at most the
 * lease to live (not the 60 s asked), and the waiter takes it long before (20 s
 * tells that from a loaded host's delay). */
l4_until(fn () => preg_match('/^\d+ \(.*\) T/', (string) @file_get_contents("/proc/$pid/stat")) === 1, 30.0);
$held = $raw->call('GET', l4_key($name));
$left = is_string($held) ? wd_left($raw, l4_key($name), $held) : null;
var_dump($waiter->lock($name, 30, 30));
$after = microtime(true) - $stopped;
echo wd_ok(($left === null || $left <= $lease * 1000) && $after < 20, [$left, $after]), "\n";
$mine = $raw->call('GET', l4_key($name));

l4_signal($pid, 'CONT');
usleep(1000000);   // its watchdog runs again (a renewal is overdue): it finds the lock someone else's
fwrite($in, "go\n");
while (($line = l4_read_line($out, 10)) !== false) {
    echo $line, "\n";
}
echo wd_reap($proc), "\n";
echo wd_ok($raw->call('GET', l4_key($name)) === $mine), "\n";
var_dump($waiter->isLocking($name), $waiter->unlock($name));
?>
--EXPECT--
held
bool(false)
bool(true)
ok
bool(false)
NULL
bool(false)
0
ok
bool(true)
bool(true)
