<?php
/* Memory along many cycles: samples of memory_get_usage() and VmRSS, their table
 * and the figures the summary keeps. */

declare(strict_types=1);

/**
 * Memory over many operations in one process: takes $samples + 1 samples, the
 * first before any cycle and each later one after $step more calls of $cycle
 * (which returns false when the cycle failed). Returns the per-sample series
 * mem (memory_get_usage()), real (memory_get_usage(true)), rss (VmRSS KiB), at
 * (seconds since the start) and fails (failed cycles so far). The series are
 * sized beforehand, so sampling itself allocates nothing.
 */
function bench_memory_samples(int $samples, int $step, callable $cycle): array
{
    $m = [
        'mem' => array_fill(0, $samples + 1, 0), 'real' => array_fill(0, $samples + 1, 0),
        'rss' => array_fill(0, $samples + 1, 0.0), 'at' => array_fill(0, $samples + 1, 0.0),
        'fails' => array_fill(0, $samples + 1, 0),
    ];
    $failed = 0;
    $start = bench_now();
    for ($s = 0; $s <= $samples; $s++) {
        if ($s > 0) {
            for ($i = 0; $i < $step; $i++) {
                if (!$cycle($i)) {
                    $failed++;
                }
            }
        }
        $m['mem'][$s] = memory_get_usage();
        $m['real'][$s] = memory_get_usage(true);
        $m['rss'][$s] = bench_rss_kib();
        $m['at'][$s] = bench_now() - $start;
        $m['fails'][$s] = $failed;
    }
    return $m;
}

/** Prints the table of bench_memory_samples(); a sample's first column is $per_sample x its index. */
function bench_memory_table(array $m, string $unit, int $per_sample): void
{
    $rows = [];
    foreach ($m['mem'] as $s => $mem) {
        $rows[] = [number_format($s * $per_sample), number_format($mem), number_format($mem - $m['mem'][0]),
            number_format($m['real'][$s]), bench_fixed($m['rss'][$s], 0), bench_fixed($m['rss'][$s] - $m['rss'][0], 0),
            bench_fixed($m['at'][$s], 1), (string) $m['fails'][$s]];
    }
    bench_table([$unit, 'memory_get_usage() B', 'growth B', 'memory_get_usage(true) B', 'VmRSS KiB', 'RSS growth KiB',
        'elapsed s', 'failed cycles'], $rows, [0, 1, 2, 3, 4, 5, 6, 7]);
}

/** The figures the summary table keeps of bench_memory_samples(): growth up to the first sample, and after it. */
function bench_memory_figures(array $m): array
{
    $last = count($m['mem']) - 1;
    return ['failed' => $m['fails'][$last], 'mem_first' => $m['mem'][1] - $m['mem'][0], 'mem_after' => $m['mem'][$last] - $m['mem'][1],
        'rss_first' => $m['rss'][1] - $m['rss'][0], 'rss_after' => $m['rss'][$last] - $m['rss'][1]];
}

