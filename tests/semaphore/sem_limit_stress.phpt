--TEST--
RedisSemaphore: under 16 processes, never more than the limit are inside at once, and every acquisition gets through
--DESCRIPTION--
RedisSemaphore: 16 processes x 200 acquisitions of a semaphore with limit 3 all
get through, and never more than 3 are inside at once (a counter incremented
inside, its maximum recorded); the run stops by itself within 30 s
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$inside = "$name:inside";
$total = "$name:total";
$maxes = "$name:max";
$procs = 16;
$rounds = l4_valgrind() ? 20 : 200;
$start = microtime(true);
$pids = [];
for ($p = 0; $p < $procs; $p++) {
    $pids[] = l4_fork(function () use ($name, $inside, $total, $maxes, $rounds, $start) {
        $raw = new RawRedis();
        $sem = sem_new();
        $max = 0;
        for ($i = 0; $i < $rounds; $i++) {
            if (microtime(true) - $start > l4_bound(25)) {
                return 12;
            }
            $t = $sem->acquire($name, 3, 10, 15);
            if ($t === false) {
                return 10;
            }
            $max = max($max, $raw->call('INCR', $inside));
            if ($i % 8 === 0) {
                usleep(200);
            }
            $raw->call('DECR', $inside);
            $raw->call('INCR', $total);
            if (!$sem->release($name, $t)) {
                return 11;
            }
        }
        $raw->call('RPUSH', $maxes, (string) $max);
        return 0;
    });
}
$codes = l4_wait($pids, l4_bound(30));
echo implode(',', array_unique($codes)), "\n";
var_dump((int) $raw->call('GET', $total) === $procs * $rounds);
$seen = array_map('intval', (array) $raw->call('LRANGE', $maxes, '0', '-1'));
echo 'reports: ', count($seen), "\n";
echo 'never more than 3 inside: ', sem_yes($seen && max($seen) <= 3, $seen), "\n";
echo 'more than one inside at times: ', sem_yes($seen && max($seen) >= 2, $seen), "\n";
var_dump((new RedisSemaphore(rl_dsn()))->count($name));
$elapsed = microtime(true) - $start;
echo 'in time: ', sem_yes($elapsed < l4_bound(30), $elapsed), "\n";
$raw->call('DEL', $inside, $total, $maxes);
?>
--EXPECT--
0
bool(true)
reports: 16
never more than 3 inside: yes
more than one inside at times: yes
int(0)
in time: yes
