<?php
/* Leases: what one process's watchdog keeps. For 0 to 20,000 leased holds
 * already watched by one RedisLock (the watchdog option, lease 1 s), the time of
 * 500 more leased acquisitions (addLock(watch: true)) beside 500 plain ones
 * (addLock() without the watch) on fresh names, then, three leases later, how
 * many of all the holds are still held (MGET on the server: a lapse is a hold
 * whose key no longer has its token), and what the server spent per second on
 * the renewals (INFO cpu over two seconds). A leased acquisition costs the same
 * at every size (the watchdog's table is O(log n)); the holds stop being renewed
 * in time where the server, or the machine, runs out of CPU for the renewals. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const LEASE_S = 1.0;
const SIZES = [0, 1000, 5000, 10000, 20000];
const PROBE = 500;

/** Seconds per call of $take over PROBE fresh names, median of 5 slices of 100. */
function leases_probe(callable $take, string $base): float
{
    $slices = [];
    for ($s = 0; $s < 5; $s++) {
        $t = bench_now();
        for ($i = 0; $i < PROBE / 5; $i++) {
            $take("$base:$s:$i");
        }
        $slices[] = (bench_now() - $t) / (PROBE / 5);
    }
    return bench_median($slices);
}

$dsn = bench_dsn();
$r = bench_phpredis();
$rows = [];
$figures = [];
foreach (SIZES as $size) {
    $base = bench_name("leases-$size");
    $lock = new RedisLock($dsn . (str_contains($dsn, '?') ? '&' : '?') . 'watchdog=1&watchdog_lease=' . LEASE_S . '&watchdog_max_hold=600');
    $plain = new RedisLock($dsn);
    $tokens = [];
    for ($i = 0; $i < $size; $i++) {
        $tokens["$base:h:$i"] = $lock->addLock("$base:h:$i", 300, fenced: false, watch: true);
    }
    $leased = leases_probe(function (string $name) use ($lock, &$tokens) {
        $tokens[$name] = $lock->addLock($name, 300, fenced: false, watch: true);
    }, "$base:l");
    $plain_s = leases_probe(fn (string $name) => $plain->addLock($name, 300, fenced: false), "$base:p");
    $end = bench_now() + 3 * LEASE_S;
    while (bench_now() < $end) {
        usleep(50000);
    }
    $cpu0 = redis_cpu_s($r);
    $t0 = bench_now();
    usleep(2000000);
    $cpu = (redis_cpu_s($r) - $cpu0) / (bench_now() - $t0);
    $lapsed = 0;
    foreach (array_chunk(array_keys($tokens), 1000) as $chunk) {
        $values = $r->mGet(array_map(fn ($name) => "Lock:$name", $chunk));
        foreach ($chunk as $j => $name) {
            $lapsed += $values[$j] !== $tokens[$name];
        }
    }
    $rows[] = [number_format($size), bench_fixed($leased * 1e3, 3), bench_fixed($plain_s * 1e3, 3),
        number_format(count($tokens)), number_format($lapsed), bench_fixed($cpu, 2)];
    $figures[$size] = ['leased_ms' => $leased * 1e3, 'plain_ms' => $plain_s * 1e3, 'lapsed' => $lapsed, 'server_cpu' => $cpu];
    unset($lock);   // the watches end; the holds lapse within a lease
    $plain->unlockAll();
    $end = bench_now() + 2 * LEASE_S;
    while (bench_now() < $end) {
        usleep(50000);
    }
    bench_sweep_keys($r, $base);
}

echo "\n## Leases: holds one process's watchdog keeps (lease " . LEASE_S . " s)\n\n";
echo 'Machine: ' . cpu_count() . ' CPUs, load ' . load_average() . ".\n\n";
bench_table(['holds watched', 'leased addLock (ms)', 'plain addLock (ms)', 'holds after 3 leases', 'lapsed', 'server CPU (s/s)'],
    $rows, [0, 1, 2, 3, 4, 5]);
bench_record('leases', $figures);
