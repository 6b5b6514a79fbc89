<?php
/* What the queue's common calls cost the server with this build, against the build
 * of an earlier commit (BENCH_SINCE: by default the previous release), in one run
 * on one server: the microseconds the server spent in the calls' scripts and
 * native reads (INFO commandstats: eval, evalsha and xreadgroup, the commands the
 * scripts run inside them included once), per operation. The two builds take
 * turns, round after round, each in a child PHP of its own on a queue of its own,
 * so that the server, its caches and the machine's load are the same for both.
 * Client code does not enter the figure; a build's extra round trip would (a
 * round trip costs the server about 8 µs outside any command, not counted here),
 * so the table also gives the round trips per operation (the server's socket
 * reads), which must be equal.
 *
 * The operations, each on a new queue, 1 KiB payloads: enqueue() of one id due
 * now (the zset layout, and the stream layout after migrate()); pop() of bare
 * ids from the zset layout (pop's fast path); reserve() + ack() on each layout;
 * submit() with 'until_done'. The rows are the medians over the rounds; the
 * target of a row is "this build ≤ 1.00x of the earlier one" (a change that
 * adds a feature must not make the calls that do not use it dearer), but for
 * reserve() + ack(), whose ack counts the run and its duration in the queue's
 * counters (the counters' budget: ≤ 1.05x of the server's whole CPU per job,
 * used_cpu_user + used_cpu_sys, which the round trips' own cost is part of). */

declare(strict_types=1);

/** label => [layout, operation, the target: the most this build's figure may be of the earlier one's, and which figure it judges]. */
const SINCE_OPS = [
    'enqueue one id, zset layout' => ['zset', 'enqueue', 1.00, 'script'],
    'enqueue one id, stream layout' => ['stream', 'enqueue', 1.00, 'script'],
    'pop() of bare ids, zset layout' => ['zset', 'pop', 1.00, 'script'],
    'reserve() + ack(), zset layout' => ['zset', 'reserve', 1.05, 'cpu'],
    'reserve() + ack(), stream layout' => ['stream', 'reserve', 1.05, 'cpu'],
    'reserve() + ack(defer: true), stream layout' => ['stream', 'deferred', 1.05, 'cpu'],
    "submit('until_done'), zset layout" => ['zset', 'submit', 1.00, 'script'],
];

/** The child: on queue $name of $layout, prepares $n operations of $op, says "ready", waits for "go", runs them, says "done". */
function since_child(string $dsn, string $layout, string $op, string $name, int $n): void
{
    $q = new RedisQueue($dsn);
    $payload = str_repeat('x', 1024);
    if ($op === 'submit' && !method_exists($q, 'submit')) {
        echo "missing\n";       // a build from before submit()
        return;
    }
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    // Warm up: the scripts loaded, the connection made, the layout seen.
    $q->enqueue($name, 'warm', payload: $payload);
    $t = $q->reserve($name);
    $q->ack($name, 'warm', $t['receipt']);
    $q->enqueue($name, 'warm2');
    $q->pop($name);
    if (method_exists($q, 'submit')) {
        $q->submit($name, 'warm3', $payload, unique: 'until_done');
    }
    $q->clear($name);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->size($name);
    if ($op === 'pop') {
        for ($i = 0; $i < $n; $i += 250) {
            $q->enqueue($name, range($i, min($i + 249, $n - 1)));
        }
    } elseif ($op === 'reserve' || $op === 'deferred') {
        for ($i = 0; $i < $n; $i += 250) {
            $ids = range($i, min($i + 249, $n - 1));
            $q->enqueue($name, $ids, payload: array_fill_keys($ids, $payload));
        }
        $t = $q->reserve($name);             // the upkeep of a first reserve() is not the steady state
        $q->ack($name, $t['id'], $t['receipt']);
        $n--;
    }
    echo "ready\n";
    fgets(STDIN);
    for ($i = 0; $i < $n; $i++) {
        switch ($op) {
            case 'enqueue':
                $q->enqueue($name, "t$i", payload: $payload);
                break;
            case 'pop':
                $q->pop($name);
                break;
            case 'reserve':
                $t = $q->reserve($name);
                $q->ack($name, $t['id'], $t['receipt']);
                break;
            case 'deferred':
                // The worker loop of the frameworks: each ack goes in the next reserve()'s write.
                $t = $q->reserve($name);
                $q->ack($name, $t['id'], $t['receipt'], true);
                break;
            case 'submit':
                $q->submit($name, "s$i", $payload, unique: 'until_done');
                break;
        }
    }
    if ($op === 'deferred') {
        $q->size($name);                     // the last ack, sent before the count ends
    }
    echo "done\n";
    $q->clear($name);
}

if (($argv[1] ?? '') === 'child') {
    [, , $dsn, $layout, $op, $name, $n] = $argv;
    since_child($dsn, $layout, $op, $name, (int) $n);
    exit(0);
}

require __DIR__ . '/lib/bench.php';
require __DIR__ . '/../tests/harness/old_release_test.inc';

/** The server's usec in eval, evalsha and xreadgroup, its socket reads, the commands it ran (scripts' own calls included, the scripts themselves not) and its CPU (µs, user + system) so far. */
function since_counters(Redis $r): array
{
    $s = bench_command_stats($r);
    $usec = 0.0;
    foreach (['eval', 'evalsha', 'xreadgroup'] as $cmd) {
        $usec += $s[$cmd][1] ?? 0.0;
    }
    $commands = 0;
    foreach ($s as $cmd => [$calls]) {
        if ($cmd !== 'eval' && $cmd !== 'evalsha') {
            $commands += $calls;
        }
    }
    $cpu = $r->info('cpu');
    return [$usec, (int) $r->info('stats')['total_reads_processed'], $commands,
        ((float) $cpu['used_cpu_user'] + (float) $cpu['used_cpu_sys']) * 1e6];
}

/** Runs $n operations of $op with extension $so; [µs, round trips, commands, CPU µs] per operation, or null when that build lacks the call. */
function since_measure(Redis $r, string $so, string $layout, string $op, int $n): ?array
{
    $name = bench_name("since-$op");
    $proc = proc_open([PHP_BINARY, '-n', '-d', "extension=$so", __FILE__, 'child', bench_dsn(), $layout, $op, $name, (string) $n],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pipes);
    $first = trim((string) fgets($pipes[1]));
    if ($first === 'missing') {
        fclose($pipes[0]);
        fclose($pipes[1]);
        proc_close($proc);
        return null;
    }
    if ($first !== 'ready') {
        throw new RuntimeException("the child of $op ($so) did not start");
    }
    [$u0, $r0, $c0, $p0] = since_counters($r);
    fwrite($pipes[0], "go\n");
    if (trim((string) fgets($pipes[1])) !== 'done') {
        throw new RuntimeException("the child of $op ($so) failed");
    }
    [$u1, $r1, $c1, $p1] = since_counters($r);
    fclose($pipes[0]);
    fclose($pipes[1]);
    proc_close($proc);
    // The INFO calls between the counters are one read each (and their CPU is in the figure: a few µs in all).
    return [($u1 - $u0) / $n, ($r1 - $r0 - 3) / $n, ($c1 - $c0) / $n, ($p1 - $p0) / $n];
}

$since = getenv('BENCH_SINCE') ?: '96b5191';
if (($why = rl_old_release_unavailable($since)) !== '') {
    echo "## The queue's calls against $since\n\nNot measured: $why.\n\n";
    exit(0);
}
$old = rl_old_release($since);
$ours = (string) getenv('BENCH_EXTENSION');
$rounds = max(3, (int) getenv('BENCH_ROUNDS'));
$n = bench_n(5000, 500);
$r = bench_phpredis();
$rows = [];
$figures = ['since' => $since, 'rows' => []];
foreach (SINCE_OPS as $label => [$layout, $op, $target, $judged]) {
    $mine = $theirs = [];
    for ($round = 0; $round < $rounds; $round++) {
        $mine[] = since_measure($r, $ours, $layout, $op, $n);
        if (($t = since_measure($r, $old, $layout, $op, $n)) === null) {
            $rows[] = [$label, '', '', '', '', '', '', '', '', "not in $since"];
            continue 2;
        }
        $theirs[] = $t;
    }
    $a = bench_median(array_column($mine, 0));
    $b = bench_median(array_column($theirs, 0));
    $ratio = $b > 0 ? $a / $b : 0.0;
    $ca = bench_median(array_column($mine, 3));
    $cb = bench_median(array_column($theirs, 3));
    $cpuRatio = $cb > 0 ? $ca / $cb : 0.0;
    $judge = $judged === 'cpu' ? $cpuRatio : $ratio;
    // Each round's own ratio (the builds ran one after the other): their spread is the noise.
    $each = [];
    foreach ($mine as $k => $m) {
        $each[] = $theirs[$k][0] > 0 ? $m[0] / $theirs[$k][0] : 0.0;
    }
    $rows[] = [$label, bench_fixed($a, 2), bench_fixed($b, 2), bench_ratio($ratio),
        bench_ratio(min($each)) . ' – ' . bench_ratio(max($each)),
        bench_fixed(bench_median(array_column($mine, 1)), 2) . ' / ' . bench_fixed(bench_median(array_column($theirs, 1)), 2),
        bench_fixed(bench_median(array_column($mine, 2)), 2) . ' / ' . bench_fixed(bench_median(array_column($theirs, 2)), 2),
        bench_fixed($ca, 2) . ' / ' . bench_fixed($cb, 2), bench_ratio($cpuRatio),
        ($judged === 'cpu' ? 'CPU ' : '') . '≤ ' . bench_fixed($target, 2) . 'x: ' . ($judge <= $target ? 'met' : 'MISSED')];
    $figures['rows'][$label] = ['ours_us' => $a, 'theirs_us' => $b, 'ratio' => $ratio, 'ours_cpu' => $ca, 'theirs_cpu' => $cb,
        'cpu_ratio' => $cpuRatio, 'target' => $target, 'judged' => $judged];
}
echo "## The queue's calls: this build against $since, server µs per operation\n\n";
echo "$n operations per round, $rounds rounds, the builds taking turns; medians. Scripts and native reads only\n";
echo "(INFO commandstats eval + evalsha + xreadgroup); round trips: the server's socket reads per operation; commands: the\n";
echo "commands the server ran per operation, those inside the scripts included (counts, which no load can move); Redis CPU:\n";
echo "the server's used_cpu_user + used_cpu_sys per operation, round trips included. The target judges the scripts' µs, or\n";
echo "(CPU) the whole Redis CPU where the build adds work on purpose (reserve() + ack() count the run: 5 % at most).\n\n";
bench_table(['operation', 'this build µs', "$since µs", 'ratio', 'rounds\' ratios', 'round trips (this / earlier)', 'commands (this / earlier)',
    'Redis CPU µs (this / earlier)', 'CPU ratio', 'target'], $rows, [1, 2, 3, 4, 5, 6, 7, 8]);
bench_record('since', $figures);
