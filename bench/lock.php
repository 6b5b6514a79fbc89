<?php
/* Lock throughput: lock + unlock cycles per second on one uncontended name, for
 * redislock and its peers on the same server.
 *
 *   php bench/lock.php          throughput table
 *   php bench/lock.php memory   10^6 (x BENCH_SCALE) redislock cycles, memory and RSS
 */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';
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
    $rl->lock($name);   // connect before the first sample
    $rl->unlock($name);
    $m = bench_memory_samples(4, $step, fn(int $i): bool => $rl->lock($name) && $rl->unlock($name));
    echo "## Memory over redislock lock + unlock cycles\n\n";
    printf("%s cycles on one RedisLock object (one connection), sampled every %s.\n\n", number_format($step * 4), number_format($step));
    bench_memory_table($m, 'cycles', $step);
    bench_record('memory_lock', ['cycles' => $step * 4] + bench_memory_figures($m));
}

($argv[1] ?? '') === 'memory' ? memory() : throughput();
