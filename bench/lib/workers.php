<?php
/* Workers: forking one joined by a socket pair, N of them behind one start
 * barrier (ready, go with the window's end, report, leave), the contention rounds
 * built on that, and measured child processes (valgrind, strace). A script that
 * runs workers defines READY_TIMEOUT_S and GRACE_S. */

declare(strict_types=1);

/**
 * Forks a worker joined to this process by a socket pair. The child runs
 * $body($socket) and exits with the code it returns (1 if it throws, after saying
 * why on stderr, prefixed by $label). Returns [pid, this side of the pair].
 *
 * @return array{0: int, 1: resource}
 */
function bench_fork(string $label, callable $body): array
{
    $pair = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === -1) {
        throw new RuntimeException('fork failed');
    }
    if ($pid === 0) {
        fclose($pair[0]);
        $code = 1;
        try {
            $code = (int) $body($pair[1]);
        } catch (Throwable $e) {
            fwrite(STDERR, "$label: " . get_class($e) . ': ' . $e->getMessage() . "\n");
        }
        exit($code);
    }
    fclose($pair[1]);
    return [$pid, $pair[0]];
}

/** $items rotated left by $round places: round after round, each takes its turn first. */
function bench_rotated(array $items, int $round): array
{
    $items = array_values($items);
    $k = $items ? $round % count($items) : 0;
    return array_merge(array_slice($items, $k), array_slice($items, 0, $k));
}

/**
 * Forks $n workers and runs them together. $prepare($wid) runs in each before the
 * start signal (to connect and warm up) and returns the measuring function, which
 * is then called with the window's end (hrtime ns) and returns the worker's report
 * (with 'done', the hrtime its window ended, when its bookkeeping comes after).
 * The server's statistics are reset once every worker is ready and read again as
 * soon as the last one reported. Returns the reports, the problems and how many
 * workers failed, the wall time from the start
 * signal to the last worker done, and the server's CPU, bytes, socket reads and
 * commands over it (commands: calls by name; stats: [calls, µs] by name).
 */
function bench_run_workers(string $what, Redis $r, int $n, float $window_s, float $budget_s, callable $prepare): array
{
    $children = [];
    $problems = [];
    $bad = [];   // workers that sent no report or exited with a status other than 0
    $reports = [];
    try {
        for ($w = 0; $w < $n; $w++) {
            $children[$w] = bench_fork("$what worker $w", function ($sock) use ($w, $prepare, $budget_s): int {
                pcntl_alarm(READY_TIMEOUT_S + (int) ceil($budget_s) + GRACE_S);   // no handler: the process ends
                $measure = $prepare($w);
                fwrite($sock, 'R');
                stream_set_timeout($sock, READY_TIMEOUT_S + 10);
                $go = fgets($sock);
                if ($go === false || !str_starts_with($go, 'G')) {
                    return 1;
                }
                $report = $measure((int) substr($go, 1));
                $report['done'] ??= hrtime(true);   // the measure may end its window before its own bookkeeping
                fwrite($sock, json_encode($report) . "\n");
                stream_set_timeout($sock, (int) ceil($budget_s) + GRACE_S);
                fread($sock, 1);   // leave
                return 0;
            });
        }
        foreach ($children as $w => [, $sock]) {
            stream_set_timeout($sock, READY_TIMEOUT_S);
            if (fread($sock, 1) !== 'R') {
                throw new RuntimeException("worker $w did not get ready");
            }
        }
        $r->rawCommand('CONFIG', 'RESETSTAT');
        $before = bench_server_counters($r);
        $start = hrtime(true);
        $go = 'G' . ($start + (int) ($window_s * 1e9)) . "\n";
        foreach ($children as [, $sock]) {
            fwrite($sock, $go);
        }
        $last = $start;
        foreach ($children as $w => [, $sock]) {
            stream_set_timeout($sock, (int) ceil($budget_s) + GRACE_S);
            $line = fgets($sock);
            $rep = $line === false ? null : json_decode($line, true);
            if (!is_array($rep)) {
                $problems[] = "worker $w sent no report";
                $bad[$w] = true;
                continue;
            }
            $reports[$w] = $rep;
            $last = max($last, (int) $rep['done']);
        }
        $after = bench_server_counters($r);
        $stats = bench_command_stats($r);
    } finally {
        foreach ($children as [, $sock]) {
            @fwrite($sock, "L\n");
        }
        foreach ($children as $w => [$pid, $sock]) {
            pcntl_waitpid($pid, $status);
            if (!pcntl_wifexited($status) || pcntl_wexitstatus($status) !== 0) {
                $problems[] = "worker $w exited abnormally";
                $bad[$w] = true;
            }
            fclose($sock);
        }
    }
    return [
        'reports' => $reports, 'problems' => $problems, 'failed_workers' => count($bad), 'wall' => ($last - $start) / 1e9,
        'cpu_us' => ($after['cpu'] - $before['cpu']) * 1e6, 'in' => $after['in'] - $before['in'],
        'out' => $after['out'] - $before['out'], 'reads' => $after['reads'] - $before['reads'], 'stats' => $stats,
        'commands' => array_map(fn(array $st): int => $st[0], $stats),
    ];
}

/**
 * The contention rows' waits: $processes workers (bench_run_workers, as $mode) each
 * build their wait with $setup($wid), a callable($name, $critical): bool that
 * takes the lock or permit, runs $critical and releases it; warm it up $warmup
 * times on names of their own, then call it $iterations times on $name, stopping
 * after $cap_s. $critical holds for $hold_us and notes its own start and end, so
 * the waits (call to critical section, ms), the holds and the most holders at once
 * ($limit allowed) come from the workers' clocks. Returns those with the rate, the
 * failures and problems, the commands by name and per acquisition, and the
 * acquisitions per worker.
 */
function bench_wait_rounds(string $mode, Redis $r, int $processes, float $cap_s, float $budget_s, string $name,
    int $iterations, int $warmup, int $hold_us, int $limit, callable $setup): array
{
    $run = bench_run_workers($mode, $r, $processes, $cap_s, $budget_s, function (int $wid) use ($setup, $name, $iterations, $warmup, $hold_us): callable {
        $wait = $setup($wid);
        for ($i = 0; $i < $warmup; $i++) {
            $wait("$name:warm-$wid", static function (): void {
            });
        }
        return function (int $end) use ($wait, $name, $iterations, $hold_us): array {
            $rows = [];
            $failed = 0;
            $capped = false;
            $held = $unlock = 0.0;
            $critical = function () use (&$held, &$unlock, $hold_us): void {
                $held = microtime(true);
                usleep($hold_us);
                $unlock = microtime(true);
            };
            for ($i = 0; $i < $iterations; $i++) {
                if (hrtime(true) > $end) {
                    $capped = true;
                    break;
                }
                $start = microtime(true);
                if (!$wait($name, $critical)) {
                    $failed++;
                    continue;
                }
                $rows[] = [$start, $held, $unlock];
            }
            return ['rows' => $rows, 'failed' => $failed, 'capped' => $capped];
        };
    });
    $waits = $holds = $events = $per_worker = $all = [];
    $failed = 0;
    $capped = false;
    foreach ($run['reports'] as $w => $rep) {
        $failed += $rep['failed'];
        $capped = $capped || $rep['capped'];
        $per_worker[$w] = count($rep['rows']);
        foreach ($rep['rows'] as [$t0, $t1, $t2]) {
            $all[] = [(float) $t0, (float) $t1, (float) $t2];
            $waits[] = ($t1 - $t0) * 1e3;
            $holds[] = ($t2 - $t1) * 1e3;
            $events[] = [(float) $t1, 1];
            $events[] = [(float) $t2, -1];
        }
    }
    // Most holders at once, from the critical sections' own clocks.
    usort($events, fn(array $a, array $b): int => $a[0] <=> $b[0] ?: $a[1] <=> $b[1]);
    $now = $most = 0;
    foreach ($events as [, $d]) {
        $now += $d;
        $most = max($most, $now);
    }
    $n = count($waits);
    $overtaken = bench_overtaken($all);
    $problems = $run['problems'];
    if ($failed) {
        array_unshift($problems, "$failed acquisitions failed");
    }
    if ($most > $limit) {
        array_unshift($problems, "$most HOLDERS AT ONCE (limit $limit)");
    }
    $commands = $run['commands'];
    return [
        'n' => $n, 'waits' => $waits, 'hold' => $holds ? array_sum($holds) / count($holds) : NAN,
        'rate' => $run['wall'] > 0 ? $n / $run['wall'] : NAN, 'wall' => $run['wall'], 'most' => $most,
        'capped' => $capped, 'problems' => $problems, 'per_worker' => $per_worker, 'commands' => $commands,
        'overtaken' => $overtaken,
        'scripts_per_op' => $n ? bench_scripts_called($commands) / $n : NAN,
        'all_per_op' => $n ? array_sum($commands) / $n : NAN,
        'in_per_op' => $n ? $run['in'] / $n : NAN,
    ];
}

/**
 * How many acquisitions of bench_wait_rounds() were overtaken: a waiter that began
 * more than BENCH_OVERTAKE_MARGIN_MS after this one got its turn before it. A FIFO
 * queue of waiters overtakes none; a process descheduled between reading its clock
 * and sending its request can look overtaken, hence the margin. $rows: [start, held,
 * unlock] per acquisition, microtime(true) of every process (one clock).
 */
const BENCH_OVERTAKE_MARGIN_MS = 5.0;
function bench_overtaken(array $rows): int
{
    usort($rows, fn(array $a, array $b): int => $a[0] <=> $b[0]);
    $margin = BENCH_OVERTAKE_MARGIN_MS / 1e3;
    $n = count($rows);
    $overtaken = 0;
    for ($i = 0; $i < $n; $i++) {
        for ($j = $i + 1; $j < $n; $j++) {
            if ($rows[$j][0] - $rows[$i][0] > $margin && $rows[$j][1] < $rows[$i][1]) {
                $overtaken++;
                break;
            }
        }
    }
    return $overtaken;
}

/** Runs a child process (a measured run under valgrind or strace); throws when it fails. */
function bench_run_child(array $cmd, string $what): void
{
    $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    if (!is_resource($proc)) {
        throw new RuntimeException("could not start the $what");
    }
    $stdout = stream_get_contents($pipes[1]);
    $stderr = stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $status = proc_close($proc);  // strace and valgrind pass on the traced process's exit status
    if ($status !== 0) {
        throw new RuntimeException("$what failed (status $status): " . trim($stdout . $stderr));
    }
}


/**
 * One throughput round: $n workers (bench_run_workers, as $what) each build their
 * step with $prepare($wid), connected and warmed up, then call it until the
 * window ends or $max times; a step returns whether it succeeded. The run, with
 * ops (steps that succeeded) and failed added.
 */
function bench_cycles_round(string $what, Redis $r, int $n, float $window_s, float $budget_s, callable $prepare,
    int $max = PHP_INT_MAX): array
{
    $run = bench_run_workers($what, $r, $n, $window_s, $budget_s, function (int $wid) use ($prepare, $max): callable {
        $step = $prepare($wid);
        return function (int $end) use ($step, $max): array {
            $ok = $failed = 0;
            for ($i = 0; $i < $max && hrtime(true) < $end; $i++) {
                if ($step()) {
                    $ok++;
                } else {
                    $failed++;
                }
            }
            return ['ok' => $ok, 'failed' => $failed];
        };
    });
    $run['ops'] = array_sum(array_column($run['reports'], 'ok'));
    $run['failed'] = array_sum(array_column($run['reports'], 'failed'));
    return $run;
}

/**
 * The row of one implementation and worker count from its rounds
 * (bench_cycles_round): the rate over all of them and its spread from round to
 * round, the server's CPU, bytes and commands per operation, failures and problems.
 */
function bench_rounds_row(array $runs): array
{
    $ops = array_sum(array_column($runs, 'ops'));
    $wall = array_sum(array_column($runs, 'wall'));
    $cmds = [];
    foreach ($runs as $run) {
        foreach ($run['commands'] as $cmd => $calls) {
            $cmds[$cmd] = ($cmds[$cmd] ?? 0) + $calls;
        }
    }
    $blocking = 0;
    foreach (['blpop', 'brpop', 'bzpopmin', 'blmove', 'brpoplpush', 'blmpop', 'bzmpop'] as $b) {
        $blocking += $cmds[$b] ?? 0;
    }
    $rates = array_map(fn(array $x): float => $x['wall'] > 0 ? $x['ops'] / $x['wall'] : NAN, $runs);
    return [
        'ops' => $ops,
        'rate' => $wall > 0 ? $ops / $wall : NAN,
        'spread' => [min($rates), max($rates)],
        'cpu_per_op' => $ops ? array_sum(array_column($runs, 'cpu_us')) / $ops : NAN,
        'in_per_op' => $ops ? array_sum(array_column($runs, 'in')) / $ops : NAN,
        'out_per_op' => $ops ? array_sum(array_column($runs, 'out')) / $ops : NAN,
        'scripts_per_op' => $ops ? bench_scripts_called($cmds) / $ops : NAN,
        'blocking_per_op' => $ops ? $blocking / $ops : NAN,
        'all_per_op' => $ops ? array_sum($cmds) / $ops : NAN,
        'commands' => $cmds,
        'failed' => array_sum(array_column($runs, 'failed')),
        'problems' => array_merge(...array_column($runs, 'problems')),
    ];
}
