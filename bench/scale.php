<?php
/* Scale: many processes against one redis-server, which runs every command on one
 * thread and so becomes the bottleneck. For 1, 8 and 32 processes, each doing
 * uncontended lock + unlock cycles on a name of its own for a fixed time, and for
 * 1 and 8 workers popping from one prefilled queue: the operations per second of
 * all processes together, and what the server spent on them, the CPU time of the
 * redis-server process (INFO cpu) per operation and each command's calls and
 * µs per call (INFO commandstats).
 *
 * Workers are forked, connected and warmed up first, released together by a start
 * barrier (socket pairs to the parent, not Redis, so the barrier costs the server
 * nothing), and stop by themselves at the end of the window. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';
require __DIR__ . '/peers.php';
require __DIR__ . '/pops.php';

const WINDOW_S = 3.0;                 // measured time per row at scale 1
const LOCK_PROCESSES = [1, 8, 32];
const QUEUE_WORKERS = [1, 8];
const LOCK_WARMUP = 50;               // cycles per worker before the start signal
const QUEUE_TASKS_PER_S = 150000;     // tasks prefilled per second of window
const QUEUE_TASKS_MAX = 1000000;      // a larger scale drains the queue before the window ends
const READY_TIMEOUT_S = 120;          // 32 processes loading their peer on a small machine take a while
const GRACE_S = 120;                  // SIGALRM ends a worker this long after its window (or its wait for it), whatever happens
const FLOOR = 'phpredis floor (SET NX PX + EVALSHA)';
const LOCK_ROWS = [
    'redislock',
    FLOOR,
    'symfony/lock RedisStore, new lock per cycle',
    'malkusch/lock PHPRedisMutex',
];

/* ---- one row ---------------------------------------------------------------------- */

/**
 * One row: $procs workers (bench_run_workers) each get their step from $make($wid),
 * connected and warmed up (true for an operation done, false for one that failed,
 * a string for a task taken, that string being its id, null when there is nothing
 * left to take), and step until the window ends. A worker's ids go through a
 * temporary file, not its report line.
 */
function scale_row(Redis $r, int $procs, float $window_s, callable $make): array
{
    $run = bench_run_workers('scale', $r, $procs, $window_s, $window_s, function (int $wid) use ($make): callable {
        $step = $make($wid);
        return function (int $end) use ($step): array {
            $ops = $failed = 0;
            $ids = [];
            $ran_out = false;
            while (hrtime(true) < $end) {
                $res = $step();
                if ($res === null) {
                    $ran_out = true;
                    break;
                }
                if ($res === false) {
                    $failed++;
                    continue;
                }
                $ops++;
                if (is_string($res)) {
                    $ids[] = $res;
                }
            }
            $done = hrtime(true);
            $file = '';
            if ($ids) {
                $file = (string) tempnam(sys_get_temp_dir(), 'bench-scale-ids-');
                file_put_contents($file, implode("\n", $ids));
            }
            return ['ops' => $ops, 'failed' => $failed, 'ran_out' => $ran_out, 'ids' => $file, 'done' => $done];
        };
    });
    $row = ['ops' => 0, 'failed' => 0, 'ran_out' => 0, 'ids' => [], 'commands' => $run['stats']];
    foreach ($run['reports'] as $rep) {
        $row['ops'] += $rep['ops'];
        $row['failed'] += $rep['failed'];
        $row['ran_out'] += $rep['ran_out'] ? 1 : 0;
        if ($rep['ids'] !== '') {
            $content = (string) file_get_contents($rep['ids']);
            unlink($rep['ids']);
            array_push($row['ids'], ...explode("\n", $content));
        }
    }
    $row['failed_workers'] = $run['failed_workers'];
    $row['secs'] = $run['wall'];
    $row['rate'] = $row['secs'] > 0 ? $row['ops'] / $row['secs'] : NAN;
    $row['cpu_us'] = $run['cpu_us'];
    $row['cpu_per_op'] = $row['ops'] > 0 ? $row['cpu_us'] / $row['ops'] : NAN;
    $row['busy'] = $row['secs'] > 0 ? $row['cpu_us'] / 1e6 / $row['secs'] : NAN;
    return $row;
}

/* ---- tables ------------------------------------------------------------------------ */

/**
 * The main table of a section: rows by process count, then implementation, each
 * with its ratios to $floor's row at the same count.
 */
function scale_table(array $rows, string $floor, string $floor_word, string $unit, array $head_first, callable $check): void
{
    $out = [];
    foreach ($rows as $n => $by_label) {
        $f = $by_label[$floor] ?? null;
        foreach ($by_label as $label => $row) {
            $out[] = [$label, (string) $n, number_format($row['ops']), bench_rate($row['rate']),
                $f ? bench_ratio($row['rate'] / $f['rate']) : 'n/a',
                bench_fixed($row['cpu_per_op'], 2), $f ? bench_ratio($row['cpu_per_op'] / $f['cpu_per_op']) : 'n/a',
                bench_fixed($row['busy'] * 100, 0) . ' %', $check($row)];
        }
    }
    bench_table(array_merge($head_first, ["{$unit}s", "{$unit}s/s", "ratio vs $floor_word", "Redis CPU µs/$unit", "CPU ratio vs $floor_word",
        'Redis busy', 'check']), $out, [1, 2, 3, 4, 5, 6, 7]);
}

/** Calls and µs per call of each command, per implementation, one column pair per process count. */
function commands_table(array $rows, string $unit): void
{
    $counts = array_keys($rows);
    $cmds = [];
    foreach ($rows as $by_label) {
        foreach ($by_label as $label => $row) {
            foreach ($row['commands'] as $cmd => $_) {
                $cmds[$label][$cmd] = true;
            }
        }
    }
    $out = [];
    foreach ($cmds as $label => $list) {
        foreach (array_keys($list) as $cmd) {
            $cells = [$label, $cmd];
            foreach ($counts as $n) {
                $row = $rows[$n][$label] ?? null;
                [$calls, $usec] = $row['commands'][$cmd] ?? [0, 0.0];
                $cells[] = $row === null ? 'n/a' : sprintf('%s (%s/%s)', number_format($calls),
                    bench_fixed($row['ops'] ? $calls / $row['ops'] : NAN, 2), $unit);
                $cells[] = $calls ? bench_fixed($usec / $calls, 2) : '–';
            }
            $out[] = $cells;
        }
    }
    $head = ['implementation', 'command'];
    foreach ($counts as $n) {
        $head[] = "N=$n calls (per $unit)";
        $head[] = "N=$n µs/call";
    }
    bench_table($head, $out, range(2, 1 + 2 * count($counts)));
}

/* ---- lock ---------------------------------------------------------------------------- */

function bench_scale_locks(Redis $r, string $base, float $window_s): void
{
    $available = implementation_makers("$base:probe");
    $labels = array_values(array_filter(LOCK_ROWS, fn(string $l): bool => isset($available[$l])));
    $rows = [];
    foreach (LOCK_PROCESSES as $n) {
        foreach ($labels as $label) {
            $rows[$n][$label] = scale_row($r, $n, $window_s, function (int $wid) use ($base, $label): callable {
                $run = implementation_makers("$base:lock:$wid")[$label]();
                $run(LOCK_WARMUP);   // connected, scripts loaded, the peer's one-time checks done
                return fn(): bool => $run(1) === 0;
            });
        }
    }

    echo "## Many processes, one Redis: lock + unlock\n\n";
    printf("N processes, each with its own connection and its own lock name (no contention), do lock + unlock cycles for "
        . "%.1f s per row against one redis-server, released together after %d warm-up cycles each. cycles/s = all "
        . "processes' cycles ÷ wall time from the start signal to the last process done. Redis CPU = used_cpu_sys + "
        . "used_cpu_user of the server (INFO cpu) over that time, ÷ cycles; Redis busy = that CPU time ÷ the wall time "
        . "(100 %% is one core: the server's one thread is saturated). Both ratios are row ÷ the phpredis floor at the "
        . "same N. %d CPUs, load average at the end %s.\n\n",
        $window_s, LOCK_WARMUP, cpu_count(), load_average());
    scale_table($rows, FLOOR, 'floor', 'cycle', ['implementation', 'N'],
        fn(array $row): string => scale_check($row, 'failed cycles'));
    echo "Commands the server ran per row (INFO commandstats after CONFIG RESETSTAT; the harness's own INFO and CONFIG left out). "
        . "Commands run inside a Lua script count under their own name too, and their µs are part of the script's.\n\n";
    commands_table($rows, 'cycle');

    $record = [];
    foreach ($rows as $n => $by_label) {
        foreach ($by_label as $label => $row) {
            $record[$label][$n] = scale_figures($row);
        }
    }
    bench_record('scale_lock', ['window_s' => $window_s, 'rows' => $record]);
}

/* ---- queue --------------------------------------------------------------------------- */

function bench_scale_queue(Redis $r, string $base, float $window_s, array $workers = QUEUE_WORKERS): void
{
    $tasks = (int) min(QUEUE_TASKS_MAX, max(10000, round(QUEUE_TASKS_PER_S * $window_s)));
    $name = "$base:queue";
    $q = new RedisQueue(bench_dsn());
    $kinds = pop_kinds($name, $tasks, $q, $r);
    // Load pop's script into the server before anything is measured (no NOSCRIPT + EVAL in the first row).
    $q->pop("$name:warm");
    $rows = [];
    // bench/run goals N: each round starts with another row, so no row always runs first.
    $round = (int) (getenv('BENCH_ROUND') ?: 1) - 1;
    $order = bench_rotated(array_keys($kinds), $round);
    foreach ($workers as $n) {
        foreach ($order as $label) {
            $k = $kinds[$label];
            $k['fill']();
            $row = scale_row($r, $n, $window_s, fn(int $wid): callable => $k['make']());
            $row['left'] = $k['left']();
            $row['tasks'] = $tasks;
            $rows[$n][$label] = $row;
        }
    }
    $q->clear($name);
    $r->del("$name:raw", "$name:lua");

    echo "## Many workers, one Redis: pop\n\n";
    printf("%s due tasks enqueued beforehand, in a redislock queue (pop) and in a plain sorted set (ZPOPMIN); N forked workers "
        . "(own connection each) take one task per call for %.1f s, released together, and stop early if the queue runs dry. "
        . "tasks/s = tasks taken ÷ wall time from the start signal to the last worker done; Redis CPU as above, ÷ tasks. "
        . "Both ratios are row ÷ ZPOPMIN at the same N. check: every task taken once, taken + left = enqueued.\n\n",
        number_format($tasks), $window_s);
    scale_table($rows, ZPOPMIN_LABEL, 'ZPOPMIN', 'task', ['operation', 'N'], function (array $row): string {
        $p = [];
        $taken = count($row['ids']);
        if ($taken !== count(array_unique($row['ids']))) {
            $p[] = ($taken - count(array_unique($row['ids']))) . ' taken twice';
        }
        if ($taken + $row['left'] !== $row['tasks']) {
            $p[] = sprintf('taken %d + left %d ≠ %d', $taken, $row['left'], $row['tasks']);
        }
        if ($row['ran_out']) {
            $p[] = 'ran dry';
        }
        $base = scale_check($row, 'failed pops');
        return $p ? implode(', ', $p) . ($base === 'ok' ? '' : ", $base") : $base;
    });
    echo "Commands the server ran per row (as above).\n\n";
    commands_table($rows, 'task');

    $record = [];
    foreach ($rows as $n => $by_label) {
        foreach ($by_label as $label => $row) {
            $ok = count($row['ids']) === count(array_unique($row['ids'])) && count($row['ids']) + $row['left'] === $row['tasks'];
            $record[$label][$n] = scale_figures($row) + ['ok' => $ok && $row['failed_workers'] === 0];
        }
    }
    bench_record('scale_queue', ['window_s' => $window_s, 'tasks' => $tasks, 'rows' => $record]);
    $pop = $record['pop'][8] ?? null;
    $raw = $record[ZPOPMIN_LABEL][8] ?? null;
    if ($pop !== null && $raw !== null) {
        $ok = $pop['ok'] && $raw['ok'] && $pop['failed'] === 0 && $raw['failed'] === 0;
        bench_goals_print([bench_goal('pop', $pop['rate'], $raw['rate'], 'tasks/s', $ok, $ok ? '' : 'CHECK FAILED, see above')]);
    }
}

/* ---- shared by both ------------------------------------------------------------------ */

function scale_check(array $row, string $failed_what): string
{
    $p = [];
    if ($row['failed']) {
        $p[] = "{$row['failed']} $failed_what";
    }
    if ($row['failed_workers']) {
        $p[] = "{$row['failed_workers']} workers failed";
    }
    return $p ? implode(', ', $p) : 'ok';
}

/** The figures the summary table keeps of a row (null for a figure without a value: JSON has no NAN). */
function scale_figures(array $row): array
{
    $v = fn(float $x): ?float => is_finite($x) ? $x : null;
    return ['ops' => $row['ops'], 'rate' => $v($row['rate']), 'cpu_us_per_op' => $v($row['cpu_per_op']),
        'busy' => $v($row['busy']), 'failed' => $row['failed'] + $row['failed_workers']];
}

$only = $argv[1] ?? 'all';
$window_s = WINDOW_S * bench_scale();
$base = bench_name('scale');
$r = bench_phpredis();
try {
    if ($only === 'all' || $only === 'lock') {
        bench_scale_locks($r, $base, $window_s);
    }
    if ($only === 'all' || $only === 'queue') {
        bench_scale_queue($r, $base, $window_s);
    }
    if ($only === 'goals') {
        bench_scale_queue($r, $base, $window_s, [8]);   // the goal's row alone
    }
} finally {
    // Leave nothing behind on a shared server.
    $swept = bench_sweep_keys($r, $base);
    printf("Keys of the run deleted at the end: %d; left: %d.\n\n", $swept, bench_sweep_keys($r, $base));
}
