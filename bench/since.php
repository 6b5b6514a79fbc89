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
 * target of every row is "this build ≤ 1.00x of the earlier one" (a change that
 * adds a feature must not make the calls that do not use it dearer). */

declare(strict_types=1);

const SINCE_OPS = [
    'enqueue one id, zset layout' => ['zset', 'enqueue'],
    'enqueue one id, stream layout' => ['stream', 'enqueue'],
    'pop() of bare ids, zset layout' => ['zset', 'pop'],
    'reserve() + ack(), zset layout' => ['zset', 'reserve'],
    'reserve() + ack(), stream layout' => ['stream', 'reserve'],
    "submit('until_done'), zset layout" => ['zset', 'submit'],
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
    } elseif ($op === 'reserve') {
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
            case 'submit':
                $q->submit($name, "s$i", $payload, unique: 'until_done');
                break;
        }
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

/** The server's usec in eval, evalsha and xreadgroup, its socket reads, and the commands it ran (scripts' own calls included, the scripts themselves not) so far. */
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
    return [$usec, (int) $r->info('stats')['total_reads_processed'], $commands];
}

/** Runs $n operations of $op with extension $so; [µs, round trips, commands] per operation, or null when that build lacks the call. */
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
    [$u0, $r0, $c0] = since_counters($r);
    fwrite($pipes[0], "go\n");
    if (trim((string) fgets($pipes[1])) !== 'done') {
        throw new RuntimeException("the child of $op ($so) failed");
    }
    [$u1, $r1, $c1] = since_counters($r);
    fclose($pipes[0]);
    fclose($pipes[1]);
    proc_close($proc);
    // The two INFO calls between the counters are one read each.
    return [($u1 - $u0) / $n, ($r1 - $r0 - 2) / $n, ($c1 - $c0) / $n];
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
foreach (SINCE_OPS as $label => [$layout, $op]) {
    $mine = $theirs = [];
    for ($round = 0; $round < $rounds; $round++) {
        $mine[] = since_measure($r, $ours, $layout, $op, $n);
        if (($t = since_measure($r, $old, $layout, $op, $n)) === null) {
            $rows[] = [$label, '', '', '', '', '', '', "not in $since"];
            continue 2;
        }
        $theirs[] = $t;
    }
    $a = bench_median(array_column($mine, 0));
    $b = bench_median(array_column($theirs, 0));
    $ratio = $b > 0 ? $a / $b : 0.0;
    // Each round's own ratio (the builds ran one after the other): their spread is the noise.
    $each = [];
    foreach ($mine as $k => $m) {
        $each[] = $theirs[$k][0] > 0 ? $m[0] / $theirs[$k][0] : 0.0;
    }
    $rows[] = [$label, bench_fixed($a, 2), bench_fixed($b, 2), bench_ratio($ratio),
        bench_ratio(min($each)) . ' – ' . bench_ratio(max($each)),
        bench_fixed(bench_median(array_column($mine, 1)), 2) . ' / ' . bench_fixed(bench_median(array_column($theirs, 1)), 2),
        bench_fixed(bench_median(array_column($mine, 2)), 2) . ' / ' . bench_fixed(bench_median(array_column($theirs, 2)), 2),
        $ratio <= 1.0 ? 'met' : 'MISSED'];
    $figures['rows'][$label] = ['ours_us' => $a, 'theirs_us' => $b, 'ratio' => $ratio];
}
echo "## The queue's calls: this build against $since, server µs per operation\n\n";
echo "$n operations per round, $rounds rounds, the builds taking turns; medians. Scripts and native reads only\n";
echo "(INFO commandstats eval + evalsha + xreadgroup); round trips: the server's socket reads per operation; commands: the\n";
echo "commands the server ran per operation, those inside the scripts included (counts, which no load can move).\n\n";
bench_table(['operation', 'this build µs', "$since µs", 'ratio', 'rounds\' ratios', 'round trips (this / earlier)', 'commands (this / earlier)', 'target ≤ 1.00x'], $rows, [1, 2, 3, 4, 5, 6]);
bench_record('since', $figures);
