--TEST--
Watchdog under CPU load: locks held longer than their lease stay mutually excluded, every unlock() true
--DESCRIPTION--
Watchdog under CPU load: with 4 busy-looping processes beside them (more
runnable threads than cores), 8 processes holding locks on 4 names 5 times each
for 0.6 s on a 0.5 s lease stay mutually excluded, every unlock() true, no
renewal more than the lease after the one before, within 30 s
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$base = rl_name();
$procs = 8;
$rounds = 5;
$lease = l4_valgrind() ? 5.0 : 0.5;
$hold = $lease * 1.2;
$burners = [];
for ($i = 0; $i < 4; $i++) {
    $burners[] = l4_fork(function (): int {
        $end = microtime(true) + 40;
        while (microtime(true) < $end) {
            for ($x = 0; $x < 100000; $x++) {
            }
        }
        return 0;
    });
}
$mon = rl_monitor();
$start = microtime(true);
$pids = [];
for ($p = 0; $p < $procs; $p++) {
    $pids[] = l4_fork(function () use ($base, $rounds, $p, $lease, $hold): int {
        $name = "$base:" . ($p % 4);
        $raw = new RawRedis();
        $lock = new RedisLock(wd_options($lease));
        for ($i = 0; $i < $rounds; $i++) {
            if (!$lock->lock($name, 60, 0.01)) {
                return 10;
            }
            if ($raw->call('INCR', "$name:inside") > 1) {
                $raw->call('INCR', "$base:overlap");
            }
            usleep((int) ($hold * 1e6));
            $raw->call('DECR', "$name:inside");
            $raw->call('INCR', "$base:total");
            if (!$lock->unlock($name)) {
                $raw->call('INCR', "$base:lapsed");
            }
        }
        return 0;
    });
}
/* Read the monitor while they work: the renewals' times, per token. */
stream_set_blocking($mon, false);
$log = '';
$codes = [];
while (count($codes) < $procs && microtime(true) - $start < l4_bound(30)) {
    $chunk = fread($mon, 1 << 20);
    $chunk ? $log .= $chunk : usleep(5000);
    foreach ($pids as $i => $pid) {
        if (!isset($codes[$i]) && pcntl_waitpid($pid, $status, WNOHANG) === $pid) {
            $codes[$i] = pcntl_wexitstatus($status);
        }
    }
}
$took = microtime(true) - $start;
$log .= rl_monitor_read($mon);
foreach ($burners as $pid) {
    l4_signal($pid, 'KILL');
}
l4_wait($burners, 5);
$last = $gaps = [];
$ms = (string) (int) round($lease * 1000);
foreach (explode("\n", $log) as $line) {
    if (!preg_match('/^\+?(\d+\.\d+) \[[^\]]+\] "(\w+)" (.*)$/', $line, $m) || !str_contains($m[3], "\"Lock:$base")) {
        continue;
    }
    preg_match_all('/"((?:[^"\\\\]|\\\\.)*)"/', $m[3], $a);
    $args = $a[1];
    if ($m[2] === 'SET' && in_array('PX', $args, true)) {
        $last[$args[1]] = (float) $m[1];          /* taken: SET key token NX PX lease */
    } elseif ($m[2] === 'EVALSHA' && count($args) > 6 && $args[4] === $ms) {
        $last[$args[3]] = (float) $m[1];          /* taken after waiting: the lock script */
    } elseif ($m[2] === 'EVALSHA' && count($args) === 6 && $args[4] === $ms && isset($last[$args[3]])) {
        $gaps[] = (float) $m[1] - $last[$args[3]]; /* a renewal: EVALSHA sha 1 key token lease hint */
        $last[$args[3]] = (float) $m[1];
    }
}
ksort($codes);
echo implode(',', $codes), "\n";
var_dump((int) $raw->call('GET', "$base:total"), (int) $raw->call('GET', "$base:overlap"), (int) $raw->call('GET', "$base:lapsed"));
echo wd_ok(count($gaps) > 50, count($gaps)), "\n";
echo wd_ok(max($gaps ?: [0]) < $lease, sprintf('longest gap between renewals %.3f s', max($gaps ?: [0]))), "\n";
echo wd_ok($took < l4_bound(30), $took), "\n";
?>
--EXPECT--
0,0,0,0,0,0,0,0
int(40)
int(0)
int(0)
ok
ok
ok
