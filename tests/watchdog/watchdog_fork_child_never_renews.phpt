--TEST--
Watchdog: a forked child never renews its parent's lock: with the parent stopped (SIGSTOP) and the child alive and running, the lock (lease 0.3 s) lapses within the lease plus a margin
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
[$proc, $in, $out, $pid] = wd_spawn('
$name = ' . var_export($name, true) . ';
$lock = new RedisLock(wd_options(' . $lease . '));
echo $lock->lock($name, 0, 60) ? "held\n" : "busy\n";
$child = l4_fork(function () use ($lock, $name) {
    /* Alive and busy for 3 s with the inherited object, then gone without a word. */
    $end = microtime(true) + 3;
    while (microtime(true) < $end) {
        usleep(20000);
    }
    return 0;
});
echo "child $child\n";
fgets(STDIN);
echo implode(",", l4_wait([$child], 10)), "\n";
');
echo l4_read_line($out, 10), "\n";
$child = (int) substr((string) l4_read_line($out, 10), 6);
$token = $raw->call('GET', l4_key($name));
usleep(400000);
l4_signal($pid, 'STOP');
$stopped = microtime(true);
$gone = wd_until_gone($raw, l4_key($name), $token, 2.0);
echo wd_ok($gone !== null && $gone <= $lease + 0.3, $gone), "\n";
$stat = (string) @file_get_contents("/proc/$child/stat");
$state = preg_match('/\) (\S) /', $stat, $m) ? $m[1] : '?';
echo wd_ok(in_array($state, ['R', 'S'], true), $state), "\n";   // the child was alive all along
l4_signal($pid, 'CONT');
fwrite($in, "go\n");
echo l4_read_line($out, 10), "\n";
echo wd_reap($proc), "\n";
?>
--EXPECT--
held
ok
ok
0
0
