<?php
/* Lock throughput: lock + unlock cycles per second on one uncontended name, for
 * redislock and its peers on the same server.
 *
 *   php bench/lock.php          throughput table
 *   php bench/lock.php memory   10^6 (x BENCH_SCALE) redislock cycles, memory and RSS
 */

declare(strict_types=1);

require __DIR__ . '/common.php';
require __DIR__ . '/peers.php';

const ROUNDS = 5;

function throughput(): void
{
    $n = bench_n(40000, ROUNDS);
    $warmup = max(200, intdiv($n, 20));
    $per_round = intdiv($n, ROUNDS);
    $name = bench_name('lock');
    $impls = implementations($name);

    $times = array_fill_keys(array_keys($impls), []);
    $failed = array_fill_keys(array_keys($impls), 0);
    foreach ($impls as $label => $run) {
        $failed[$label] += $run($warmup);
    }
    // Rounds interleave the implementations so that a noisy moment hits all of them.
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach ($impls as $label => $run) {
            $t = bench_now();
            $failed[$label] += $run($per_round);
            $times[$label][] = bench_now() - $t;
        }
    }

    $rate = [];
    foreach ($times as $label => $ts) {
        $rate[$label] = $per_round * ROUNDS / array_sum($ts);
    }
    $floor = $rate['phpredis floor (SET NX PX + EVALSHA)'];

    echo "## Lock + unlock, one uncontended name\n\n";
    printf("%s cycles per implementation in %d interleaved rounds, after %s warm-up cycles. "
        . "Ratio > 1 means faster than the hand-written phpredis floor.\n\n",
        number_format($per_round * ROUNDS), ROUNDS, number_format($warmup));
    $rows = [];
    foreach ($rate as $label => $r) {
        $round_us = array_map(fn($t) => $t / $per_round * 1e6, $times[$label]);
        $rows[] = [
            $label,
            bench_rate($r),
            bench_fixed(1e6 / $r, 1),
            bench_fixed(min($round_us), 1) . ' – ' . bench_fixed(max($round_us), 1),
            bench_ratio($r / $floor),
            $failed[$label] ? (string) $failed[$label] : '0',
        ];
    }
    bench_table(['implementation', 'cycles/s', 'µs/cycle', 'µs/cycle per round (min – max)', 'ratio vs phpredis floor', 'failed cycles'],
        $rows, [1, 2, 3, 4, 5]);

    $rl = $rate['redislock'];
    foreach (['symfony/lock RedisStore, new lock per cycle', 'symfony/lock RedisStore, one lock reused', 'malkusch/lock PHPRedisMutex'] as $peer) {
        if (isset($rate[$peer])) {
            printf("- redislock vs %s: %s the throughput (%s vs %s µs/cycle)\n",
                $peer, bench_ratio($rl / $rate[$peer]), bench_fixed(1e6 / $rl), bench_fixed(1e6 / $rate[$peer]));
        }
    }
    printf("- redislock vs phpredis floor: %s (%+.1f µs/cycle)\n\n", bench_ratio($rl / $floor), 1e6 / $rl - 1e6 / $floor);

    $record = [];
    foreach ($rate as $label => $r) {
        $record[$label] = ['cycles_per_s' => $r, 'failed' => $failed[$label]];
    }
    bench_record('lock', ['cycles' => $per_round * ROUNDS, 'rates' => $record]);

    // Leave nothing behind on a shared server.
    $r = bench_phpredis();
    $r->del("Lock:$name", "Lock:$name:floor", "$name:symfony", "$name:symfony-reused", "lock_$name:malkusch");
}

function memory(): void
{
    $total = bench_n(1000000, 4);
    $step = intdiv($total, 4);
    $name = bench_name('memory');
    $rl = new RedisLock(bench_dsn());
    // Samples go into arrays sized beforehand, so sampling itself allocates nothing.
    $mem = array_fill(0, 5, 0);
    $real = array_fill(0, 5, 0);
    $rss = array_fill(0, 5, 0.0);
    $at = array_fill(0, 5, 0.0);
    $fails = array_fill(0, 5, 0);
    $failed = 0;
    $rl->lock($name);   // connect before the first sample
    $rl->unlock($name);
    $start = bench_now();
    for ($s = 0; $s <= 4; $s++) {
        if ($s > 0) {
            for ($i = 0; $i < $step; $i++) {
                if (!$rl->lock($name) || !$rl->unlock($name)) {
                    $failed++;
                }
            }
        }
        $mem[$s] = memory_get_usage();
        $real[$s] = memory_get_usage(true);
        $rss[$s] = bench_rss_kib();
        $at[$s] = bench_now() - $start;
        $fails[$s] = $failed;
    }
    $rows = [];
    for ($s = 0; $s <= 4; $s++) {
        $rows[] = [number_format($s * $step), number_format($mem[$s]), number_format($mem[$s] - $mem[0]), number_format($real[$s]),
            bench_fixed($rss[$s], 0), bench_fixed($rss[$s] - $rss[0], 0), bench_fixed($at[$s], 1), (string) $fails[$s]];
    }
    echo "## Memory over redislock lock + unlock cycles\n\n";
    printf("%s cycles on one RedisLock object (one connection), sampled every %s.\n\n", number_format($step * 4), number_format($step));
    bench_table(['cycles', 'memory_get_usage() B', 'growth B', 'memory_get_usage(true) B', 'VmRSS KiB', 'RSS growth KiB', 'elapsed s', 'failed cycles'],
        $rows, [0, 1, 2, 3, 4, 5, 6, 7]);
    bench_record('memory_lock', ['cycles' => $step * 4, 'failed' => $failed,
        'mem_first' => $mem[1] - $mem[0], 'mem_after' => $mem[4] - $mem[1],
        'rss_first' => $rss[1] - $rss[0], 'rss_after' => $rss[4] - $rss[1]]);
}

($argv[1] ?? '') === 'memory' ? memory() : throughput();
