<?php
/* What one RedisQueue::enqueue() of 1,000 ids costs in calls, counted rather than
 * timed, on a new queue (the sorted-set layout) and on the stream layout (after
 * migrate()):
 *
 *   - scripts per call: the EVAL/EVALSHA/FCALL calls INFO commandstats counted
 *     over K calls, ÷ K; with the µs per script call (a page's cost: each script
 *     must stay bounded, whatever the list's length) and the commands the scripts
 *     ran;
 *   - round trips per call: the server's socket reads (INFO stats
 *     total_reads_processed) over the K calls, ÷ K, the harness's own INFO
 *     taken out: commands written together are read together;
 *   - socket writes of the PHP process per call: `strace -f -c` of a child that
 *     connects, warms up and makes K calls, minus the same child making none
 *     (write, sendto, sendmsg, writev), ÷ K. Pipelined pages are one write; a
 *     page per round trip is one write each.
 *
 * Each call enqueues 1,000 new ids on the same queue, so every call does the full
 * work. Then the goal's row: socket writes per call ≤ 1 (bench/lib/goals.php). */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const IDS = 1000;
const CALLS = 40;          // calls per count at scale 1 (at least 5)
const LAYOUTS = ['zset' => 'new queue (sorted-set layout)', 'stream' => 'stream layout (after migrate())'];
const WRITES = ['write', 'sendto', 'sendmsg', 'writev'];

/** The queue of $layout, warmed up: connected, its scripts loaded, on its layout. */
function enqueue_queue(string $name, string $layout): RedisQueue
{
    $q = new RedisQueue(bench_dsn());
    $q->size($name);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->enqueue($name, enqueue_ids('warm'));
    return $q;
}

/** 1,000 ids no earlier call used. */
function enqueue_ids(string $tag): array
{
    $ids = [];
    for ($i = 0; $i < IDS; $i++) {
        $ids[] = "$tag-$i";
    }
    return $ids;
}

// The child of the strace runs: warm up, then $argv[4] calls, and nothing else.
if (($argv[1] ?? '') === 'child') {
    [, , $layout, $name, $calls] = $argv;
    $lists = [];
    for ($c = 0; $c < (int) $calls; $c++) {
        $lists[] = enqueue_ids("c$c");
    }
    $q = enqueue_queue($name, $layout);
    foreach ($lists as $ids) {
        if (!$q->enqueue($name, $ids)) {
            exit(1);
        }
    }
    exit(0);
}

/** System calls of one child under strace -c: name => calls. */
function enqueue_strace(string $layout, string $name, int $calls): array
{
    $ext = getenv('BENCH_EXTENSION');
    if ($ext === false || $ext === '') {
        throw new RuntimeException('BENCH_EXTENSION is not set: run with bench/run');
    }
    $out = (string) tempnam(sys_get_temp_dir(), 'bench-enqueue-strace-');
    try {
        bench_run_child(['strace', '-f', '-c', '-o', $out, PHP_BINARY, '-d', "extension=$ext", __FILE__, 'child', $layout, $name,
            (string) $calls], "strace run of enqueue() with $calls calls");
        $counts = [];
        foreach (explode("\n", (string) file_get_contents($out)) as $line) {
            if (preg_match('/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?([a-z_0-9]+)\s*$/', $line, $m)) {
                $counts[$m[2]] = (int) $m[1];
            }
        }
        return $counts;
    } finally {
        @unlink($out);
    }
}

$r = bench_phpredis();
$base = bench_name('enqueue');
$calls = bench_n(CALLS, 5);
$have_strace = trim((string) shell_exec('command -v strace 2>/dev/null')) !== '';
$rows = [];
$figures = [];
try {
    foreach (LAYOUTS as $layout => $what) {
        // The server's side, in this process.
        $name = "$base:$layout";
        $q = enqueue_queue($name, $layout);
        $lists = [];
        for ($c = 0; $c < $calls; $c++) {
            $lists[] = enqueue_ids("c$c");
        }
        $stats = bench_command_stats($r);
        $reads = bench_server_io($r)['reads'];
        $bad = 0;
        foreach ($lists as $ids) {
            $bad += $q->enqueue($name, $ids) ? 0 : 1;
        }
        // A read is counted as it happens: the INFO stats after the calls counts its own, one to take out.
        $reads = bench_server_io($r)['reads'] - $reads - 1;
        $after = bench_command_stats($r);
        $size = $q->size($name);
        $delta = [];
        foreach ($after as $cmd => [$c, $usec]) {
            $dc = $c - ($stats[$cmd][0] ?? 0);
            if ($dc > 0) {
                $delta[$cmd] = [$dc, $usec - ($stats[$cmd][1] ?? 0.0)];
            }
        }
        $script_calls = bench_scripts_called(array_map(fn(array $st): int => $st[0], $delta));
        $script_us = 0.0;
        foreach (['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro'] as $cmd) {
            $script_us += $delta[$cmd][1] ?? 0.0;
        }
        $held = $size['due'] + $size['delayed'];
        // The PHP process's side: two children under strace, K calls and none.
        $writes = null;
        if ($have_strace) {
            $with = enqueue_strace($layout, "$name:traced", $calls);
            $without = enqueue_strace($layout, "$name:baseline", 0);
            $writes = 0;
            foreach (WRITES as $sc) {
                $writes += ($with[$sc] ?? 0) - ($without[$sc] ?? 0);
            }
            $writes /= $calls;
        }
        $inside = $delta;
        foreach (['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro', 'script'] as $cmd) {
            unset($inside[$cmd]);
        }
        $rows[$layout] = [
            'scripts' => $script_calls / $calls, 'round_trips' => $reads / $calls, 'writes' => $writes,
            'us_per_script' => $script_calls ? $script_us / $script_calls : NAN,
            'ids_per_script' => $script_calls ? IDS * $calls / $script_calls : NAN,
            'inside' => implode(', ', array_map(fn(string $cmd, array $st): string => sprintf('%s %s', strtoupper($cmd),
                bench_fixed($st[0] / $calls, 0)), array_keys($inside), $inside)),
            'ok' => $bad === 0 && $held === IDS * ($calls + 1),
            'check' => $bad === 0 && $held === IDS * ($calls + 1) ? 'ok'
                : sprintf('%d calls failed; %d tasks held, %d expected', $bad, $held, IDS * ($calls + 1)),
        ];
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
}

echo "## enqueue() of 1,000 ids: scripts, round trips and writes per call\n\n";
printf("%d calls per layout, each enqueuing 1,000 new ids on one queue (warmed up first: connected, scripts loaded). "
    . "scripts = EVAL/EVALSHA/FCALL calls of INFO commandstats ÷ calls; µs per script = their usec ÷ their calls (a page's "
    . "cost); round trips = the server's socket reads (INFO stats total_reads_processed) ÷ calls; socket writes = the "
    . "PHP process's write, sendto, sendmsg and writev under `strace -f -c`, a child making %d calls minus one making none, "
    . "÷ calls; commands in scripts = what the scripts ran per call.\n\n", $calls, $calls);
$out = [];
foreach (LAYOUTS as $layout => $what) {
    $row = $rows[$layout];
    $out[] = [$what, bench_fixed($row['scripts'], 2), bench_fixed($row['ids_per_script'], 0), bench_fixed($row['us_per_script'], 1),
        bench_fixed($row['round_trips'], 2), $row['writes'] === null ? 'not measured (no strace)' : bench_fixed($row['writes'], 2),
        $row['inside'], $row['check']];
}
bench_table(['queue', 'scripts per call', 'ids per script', 'µs per script', 'round trips per call', 'socket writes per call',
    'commands in scripts per call', 'check'], $out, [1, 2, 3, 4, 5]);
printf("Keys of the run deleted at the end: %d.\n\n", $swept);

// The goal: the worse layout's writes (round trips where strace is missing).
$worst = null;
$ok = true;
foreach ($rows as $layout => $row) {
    $v = $row['writes'] ?? $row['round_trips'];
    $worst = $worst === null ? $v : max($worst, $v);
    $ok = $ok && $row['ok'];
}
$note = sprintf('%s scripts, %s round trips', bench_fixed(max(array_column($rows, 'scripts')), 2),
    bench_fixed(max(array_column($rows, 'round_trips')), 2)) . ($have_strace ? '' : '; no strace: round trips judged') . ($ok ? '' : '; CHECK FAILED');
bench_goals_print([bench_goal('enqueue', $worst, null, 'writes', $ok, $note)]);
bench_record('enqueue_calls', ['calls' => $calls, 'rows' => array_map(fn(array $row): array => array_map(
    fn($v) => is_float($v) && !is_finite($v) ? null : $v, $row), $rows)]);
