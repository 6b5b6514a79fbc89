<?php
/* The jobs benchmarks' figures against their targets (bench/jobs_laravel.php,
 * bench/jobs_symfony.php): per framework, redislock's driver or transport beside
 * the framework's own Redis one, measured in the same run. A job's Redis CPU is
 * counted twice: reserve + ack (the worker loop alone, on a queue filled
 * beforehand) and enqueue + reserve + ack (the same plus the producer's CPU per
 * job, each job sent by the framework's own push/send, one call per job). Round
 * trips per job are the server's socket reads (INFO stats total_reads_processed)
 * during the worker loop ÷ jobs: a command sent alone costs one, commands sent
 * in one write cost one together. "Jobs per second one Redis core serves" is
 * 10^6 µs ÷ Redis CPU µs per job: what one Redis, busy with nothing else, bounds
 * a fleet of workers to, however many machines run them. */

declare(strict_types=1);

/* The targets of the jobs rows at 8 workers, as ours ÷ the peer's (round trips: ours alone);
 * the CPU ones are goals (bench/lib/goals.php). */
const JOBS_TARGET_RESERVE_ACK_CPU = ['laravel' => BENCH_GOALS['laravel_reserve_ack'][2], 'symfony' => BENCH_GOALS['messenger_reserve_ack'][2]];
const JOBS_TARGET_ENQUEUE_RESERVE_ACK_CPU = ['laravel' => BENCH_GOALS['laravel_enqueue_reserve_ack'][2],
    'symfony' => BENCH_GOALS['messenger_enqueue_reserve_ack'][2]];
const JOBS_TARGET_ROUND_TRIPS = 1.0;
const JOBS_TARGET_RATE = 1.0;

/** The server's socket reads and writes so far (INFO stats; Redis 6.0+ and Valkey). */
function bench_server_io(Redis $r): array
{
    $stats = $r->info('stats');
    return ['reads' => (int) ($stats['total_reads_processed'] ?? 0), 'writes' => (int) ($stats['total_writes_processed'] ?? 0)];
}

/**
 * Runs $send($i) for $i = 0 .. $n - 1 (one job each, the framework's own enqueue)
 * and measures the server over it: ['jobs', 'cpu_us', 'reads'] (the harness's own
 * two INFO calls included, a rounding error at hundreds of jobs).
 */
function bench_jobs_enqueue(Redis $r, int $n, callable $send): array
{
    $cpu = redis_cpu_s($r);
    $io = bench_server_io($r);
    for ($i = 0; $i < $n; $i++) {
        $send($i);
    }
    $after_io = bench_server_io($r);
    return ['jobs' => $n, 'cpu_us' => (redis_cpu_s($r) - $cpu) * 1e6, 'reads' => $after_io['reads'] - $io['reads']];
}

/**
 * The figures of one row: $drain = jobs, cpu_us, reads and wall of the worker
 * loop (summed over rounds), $enqueue = jobs and cpu_us of the producer (summed).
 */
function bench_jobs_figures(array $drain, array $enqueue): array
{
    $per = fn(float $v, float $n): float => $n > 0 ? $v / $n : NAN;
    $reserve_ack = $per($drain['cpu_us'], $drain['jobs']);
    $enqueue_cpu = $per($enqueue['cpu_us'], $enqueue['jobs']);
    return [
        'rate' => $drain['wall'] > 0 ? $drain['jobs'] / $drain['wall'] : NAN,
        'cpu_reserve_ack' => $reserve_ack,
        'cpu_enqueue' => $enqueue_cpu,
        'cpu_enqueue_reserve_ack' => $reserve_ack + $enqueue_cpu,
        'round_trips' => $per($drain['reads'], $drain['jobs']),
    ];
}

/** 10^6 µs ÷ µs per job. */
function bench_jobs_per_core(float $cpu_us): float
{
    return $cpu_us > 0 ? 1e6 / $cpu_us : NAN;
}

/**
 * Prints, for each worker count, ours beside the peer's, each figure's ratio and,
 * at 8 workers, its target and whether it was met ("MISSED" when not).
 * $framework: 'laravel' or 'symfony'. $rows: label => worker count => figures of
 * bench_jobs_figures(). $ok: label => worker count => whether the row's checks
 * passed. Then the goal rows of the framework at 8 workers (bench/lib/goals.php).
 * Returns the table's rows for the record.
 */
function bench_jobs_targets_table(string $framework, string $ours, string $peer, array $rows, array $counts, array $ok = []): array
{
    $out = [];
    $record = [];
    foreach ($counts as $n) {
        $o = $rows[$ours][$n] ?? null;
        $p = $rows[$peer][$n] ?? null;
        if ($o === null || $p === null) {
            continue;
        }
        $judge = $n === 8;
        $lines = [
            // figure, ours, peer's, format, ratio target (null: none), lower is better
            ['jobs/s through the framework\'s worker', $o['rate'], $p['rate'], 'rate', JOBS_TARGET_RATE, false],
            ['Redis CPU µs/job, reserve + ack', $o['cpu_reserve_ack'], $p['cpu_reserve_ack'], 'us',
                JOBS_TARGET_RESERVE_ACK_CPU[$framework], true],
            ['Redis CPU µs/job, enqueue alone (one push/send per job)', $o['cpu_enqueue'], $p['cpu_enqueue'], 'us', null, true],
            ['Redis CPU µs/job, enqueue + reserve + ack', $o['cpu_enqueue_reserve_ack'], $p['cpu_enqueue_reserve_ack'], 'us',
                JOBS_TARGET_ENQUEUE_RESERVE_ACK_CPU[$framework], true],
            ['round trips per job in the worker loop', $o['round_trips'], $p['round_trips'], 'rt', null, true],
            ['jobs per second one Redis core serves, reserve + ack', bench_jobs_per_core($o['cpu_reserve_ack']),
                bench_jobs_per_core($p['cpu_reserve_ack']), 'rate', null, false],
            ['jobs per second one Redis core serves, enqueue + reserve + ack', bench_jobs_per_core($o['cpu_enqueue_reserve_ack']),
                bench_jobs_per_core($p['cpu_enqueue_reserve_ack']), 'rate', null, false],
        ];
        foreach ($lines as [$figure, $mine, $theirs, $format, $target, $lower]) {
            $fmt = fn(float $v): string => match ($format) {
                'rate' => bench_rate($v),
                'us' => bench_fixed($v, 2),
                'rt' => bench_fixed($v, 2),
            };
            $ratio = $theirs > 0 ? $mine / $theirs : NAN;
            $target_text = '';
            $met = '';
            if ($judge && $format === 'rt') {
                $target_text = '= ' . bench_fixed(JOBS_TARGET_ROUND_TRIPS, 0) . ' (ours)';
                $met = round($mine, 2) <= JOBS_TARGET_ROUND_TRIPS ? 'met' : 'MISSED';
            } elseif ($judge && $target !== null) {
                $target_text = ($lower ? '≤ ' : '≥ ') . bench_ratio($target);
                $met = is_finite($ratio) && ($lower ? $ratio <= $target : $ratio >= $target) ? 'met' : 'MISSED';
            }
            $out[] = [$figure, (string) $n, $fmt($mine), $fmt($theirs), bench_ratio($ratio), $target_text, $met];
            $record[$n][$figure] = ['ours' => is_finite($mine) ? $mine : null, 'peer' => is_finite($theirs) ? $theirs : null,
                'met' => $met === '' ? null : $met === 'met'];
        }
    }
    printf("Figures against the targets (ours = %s, peer = %s; ratio = ours ÷ peer; targets judged at 8 workers; "
        . "round trips = the server's socket reads ÷ jobs; one Redis core = 10^6 µs ÷ Redis CPU µs per job).\n\n", $ours, $peer);
    bench_table(['figure', 'workers', 'ours', 'peer', 'ratio', 'target', 'met'], $out, [1, 2, 3, 4]);
    $o = $rows[$ours][8] ?? null;
    $p = $rows[$peer][8] ?? null;
    if ($o !== null && $p !== null) {
        $checked = ($ok[$ours][8] ?? true) && ($ok[$peer][8] ?? true);
        $note = $checked ? '' : 'CHECK FAILED, see above';
        $prefix = $framework === 'laravel' ? 'laravel' : 'messenger';
        bench_goals_print([
            bench_goal("{$prefix}_reserve_ack", $o['cpu_reserve_ack'], $p['cpu_reserve_ack'], 'µs', $checked, $note),
            bench_goal("{$prefix}_enqueue_reserve_ack", $o['cpu_enqueue_reserve_ack'], $p['cpu_enqueue_reserve_ack'], 'µs',
                $checked, $note),
        ]);
    }
    return $record;
}
