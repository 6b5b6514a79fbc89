<?php
/* System calls the PHP process makes per lock + unlock cycle, counted by strace,
 * for redislock and its peers.
 *
 * The children are bench/instructions.php's (a warm-up, then N cycles of one
 * implementation, on one object and one connection). Each implementation runs
 * twice under `strace -f -c`: a baseline with 0 measured cycles and a run with N,
 * in separate processes that do exactly the same thing otherwise (start-up,
 * loading the peers' classes, connecting, the warm-up). (calls(N) − calls(0)) ÷ N
 * per system call is one cycle's share, with all of that cancelled out. The raw
 * `strace -c` tables of both runs follow, so the figures can be checked and
 * quoted. Only the PHP process is traced, not the Redis server. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const SUBJECTS = [
    'redislock' => 'redislock',
    'floor' => 'phpredis floor (SET NX PX + EVALSHA)',
    'symfony' => 'symfony/lock RedisStore, new lock per cycle',
    'malkusch' => 'malkusch/lock PHPRedisMutex',
];
// Must match bench/instructions.php's WARMUP (not included: that file runs its table when required).
const WARMUP = 200;
// A share rounds to 0.000 below this; such calls are summed into one row so the total still adds up.
const SHOWN = 0.0005;

/** The PHP command of one child: bench/instructions.php's warm-up, then $n cycles of $key. */
function child_command(string $key, int $n): array
{
    $ext = getenv('BENCH_EXTENSION');
    if ($ext === false || $ext === '') {
        throw new RuntimeException('BENCH_EXTENSION is not set: run with bench/run');
    }
    return [PHP_BINARY, '-d', "extension=$ext", '-d', 'memory_limit=512M', __DIR__ . '/instructions.php', 'cycles', $key, (string) $n];
}

/**
 * Runs one child under strace -c.
 *
 * @return array{0: array<string, int>, 1: int, 2: string} calls by system call, all calls, the raw table
 */
function count_syscalls(string $key, int $n, string $dir): array
{
    $out = sprintf('%s/strace.%s.%d', $dir, $key, $n);
    // -S calls: the raw tables list the busiest calls first, in an order that does not vary with timing noise.
    bench_run_child(array_merge(['strace', '-f', '-c', '-S', 'calls', '-o', $out], child_command($key, $n)), "strace run of $key with $n cycles");
    $raw = @file_get_contents($out);
    @unlink($out);
    if ($raw === false) {
        throw new RuntimeException("strace run of $key with $n cycles left no table");
    }
    $calls = [];
    $total = null;
    foreach (explode("\n", $raw) as $line) {
        // "% time  seconds  usecs/call  calls  [errors]  syscall"; the errors column is blank for calls that never failed
        if (preg_match('/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?([a-z_0-9]+)\s*$/', $line, $m)) {
            if ($m[2] === 'total') {
                $total = (int) $m[1];
            } else {
                $calls[$m[2]] = (int) $m[1];
            }
        }
    }
    if ($total === null || !$calls) {
        throw new RuntimeException("cannot read the strace -c table of $key with $n cycles:\n$raw");
    }
    return [$calls, $total, $raw];
}

$n = bench_n(2000, 500);
$dir = sys_get_temp_dir();
$subjects = SUBJECTS;
if (!is_file('/usr/share/php/Symfony/Component/Lock/autoload.php')) {
    unset($subjects['symfony']);
}
if (!is_file('/usr/share/php/Malkusch/Lock/autoload.php')) {
    unset($subjects['malkusch']);
}
$per = $total = $raw = [];
$start = bench_now();
foreach ($subjects as $key => $label) {
    /* Untraced first: the first process to run an implementation against a fresh server
     * pays for loading its scripts there (NOSCRIPT, then EVAL: one more round trip per
     * script), which would otherwise land in the baseline alone. */
    bench_run_child(child_command($key, 0), "priming run of $key");
    [$base, $base_total, $raw[$key][0]] = count_syscalls($key, 0, $dir);
    [$run, $run_total, $raw[$key][$n]] = count_syscalls($key, $n, $dir);
    // A call the baseline makes and the run does not counts negative: the total must still add up.
    foreach (array_keys($run + $base) as $name) {
        $share = (($run[$name] ?? 0) - ($base[$name] ?? 0)) / $n;
        if ($share != 0) {
            $per[$key][$name] = $share;
        }
    }
    $total[$key] = ($run_total - $base_total) / $n;
}
$elapsed = bench_now() - $start;

echo "## System calls per lock + unlock cycle in the PHP process (strace)\n\n";
printf("`strace -f -c` on the PHP process; each implementation runs %s warm-up cycles and then 0 (the baseline) or "
    . "N = %s cycles, in separate processes, and (calls(N) − calls(0)) ÷ N is one cycle's share of each system call, "
    . "start-up, connecting and the warm-up cancelled out (%.0f s in all). One object and one connection per "
    . "implementation, no contention; the Redis server is not traced.\n\n",
    number_format(WARMUP), number_format($n), $elapsed);
// Rows by the calls per cycle summed over the implementations, the most frequent first.
$weight = [];
foreach ($per as $counts) {
    foreach ($counts as $name => $share) {
        $weight[$name] = ($weight[$name] ?? 0) + abs($share);
    }
}
uksort($weight, fn(string $a, string $b): int => [$weight[$b], $a] <=> [$weight[$a], $b]);
$rows = [];
$other = array_fill_keys(array_keys($subjects), 0.0);
foreach (array_keys($weight) as $name) {
    $shown = false;
    foreach (array_keys($subjects) as $key) {
        $shown = $shown || abs($per[$key][$name] ?? 0.0) >= SHOWN;
    }
    if (!$shown) {
        foreach (array_keys($subjects) as $key) {
            $other[$key] += $per[$key][$name] ?? 0.0;
        }
        continue;
    }
    $row = [$name];
    foreach (array_keys($subjects) as $key) {
        $row[] = bench_fixed($per[$key][$name] ?? 0.0, 3);
    }
    $rows[] = $row;
}
if (array_filter($other)) {
    $rows[] = array_merge(['(others, each below ' . SHOWN . ')'], array_map(fn(float $v) => bench_fixed($v, 3), array_values($other)));
}
$rows[] = array_merge(['**total**'], array_map(fn(string $key) => '**' . bench_fixed($total[$key], 3) . '**', array_keys($subjects)));
bench_table(array_merge(['system call'], array_values($subjects)), $rows, range(1, count($subjects)));
$rl = $total['redislock'];
$floor = $total['floor'];
printf("- redislock: %s system calls per cycle, %s the phpredis floor's %s\n",
    bench_fixed($rl, 3), $floor > 0 ? bench_ratio($rl / $floor) : 'n/a', bench_fixed($floor, 3));
foreach (['redislock', 'floor'] as $key) {
    $net = ($per[$key]['sendto'] ?? 0.0) + ($per[$key]['write'] ?? 0.0) + ($per[$key]['sendmsg'] ?? 0.0);
    printf("- %s: %s sends per cycle (sendto + write + sendmsg), %s system calls per send\n",
        $subjects[$key], bench_fixed($net, 3), $net > 0 ? bench_fixed($total[$key] / $net, 2) : 'n/a');
}
echo "\n";

echo "Raw `strace -f -c -S calls` tables, per implementation the baseline and then the measured run (start-up included in both):\n\n";
foreach ($raw as $key => $tables) {
    printf("%s:\n\n```\n", $subjects[$key]);
    foreach ($tables as $cycles => $table) {
        printf("# %s warm-up cycles + %s measured cycles%s\n%s\n", number_format(WARMUP), number_format($cycles),
            $cycles === 0 ? ' (baseline)' : '', rtrim($table));
        if ($cycles === 0) {
            echo "\n";
        }
    }
    echo "```\n\n";
}

$record = [];
foreach ($subjects as $key => $label) {
    $record[$label] = ['per_cycle' => $total[$key], 'calls' => $per[$key] ?? []];
}
bench_record('syscalls', ['n' => $n, 'subjects' => $record]);
