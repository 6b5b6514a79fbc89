--TEST--
Watchdog: processes holding locks longer than their lease stay mutually excluded, every unlock() true
--DESCRIPTION--
Watchdog: 8 processes taking a lock 4 times each, 4 on each of 2 names (lease
0.5 s, every hold longer than the lease: 0.52 to 0.6 s), stay mutually excluded:
never two inside one name at once, every unlock() true (no hold lapsed), within
45 s in all
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$procs = 8;
/* 4 rounds: 16 holds and 15 handoffs on each name, every hold renewed; more rounds
 * repeat the same and only add time (8 took 18 s). */
$rounds = l4_valgrind() ? 3 : 4;
/* A lease of 0.5 s leaves a renewal 333 ms of slack: more than the longest gap measured
 * with more busy processes than cores (docs/deploying.md, the watchdog). Under valgrind, four
 * times the lease and the holds, fewer rounds. */
$scale = l4_valgrind() ? 4 : 1;
$lease = 0.5 * $scale;
$start = microtime(true);
$pids = [];
for ($p = 0; $p < $procs; $p++) {
    $pids[] = l4_fork(function () use ($name, $rounds, $p, $lease, $scale): int {
        $base = $name;
        $name .= ':' . ($p % 2);
        mt_srand(getmypid());
        $raw = new RawRedis();
        $lock = new RedisLock(wd_options($lease));
        $max = 0;
        for ($i = 0; $i < $rounds; $i++) {
            if (!$lock->lock($name, 60, 0.01)) {
                return 10;
            }
            $inside = $raw->call('INCR', "$name:inside");
            $max = max($max, $inside);
            usleep(mt_rand(520000, 600000) * $scale);
            $raw->call('DECR', "$name:inside");
            $raw->call('INCR', "$base:total");
            if (!$lock->unlock($name)) {
                $raw->call('INCR', "$base:lapsed");
            }
        }
        $raw->call('RPUSH', "$base:max", (string) $max);
        return 0;
    });
}
echo implode(',', l4_wait($pids, l4_bound(50))), "\n";
$took = microtime(true) - $start;
var_dump((int) $raw->call('GET', "$name:total") === $procs * $rounds);
var_dump(max(array_map('intval', $raw->call('LRANGE', "$name:max", '0', '-1'))));
var_dump((int) $raw->call('GET', "$name:lapsed"));
echo wd_ok($took < l4_bound(45), $took), "\n";
?>
--EXPECT--
0,0,0,0,0,0,0,0
bool(true)
int(1)
int(0)
ok
