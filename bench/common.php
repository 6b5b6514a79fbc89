<?php
/* Helpers shared by the bench scripts: the server they all use, timing, and
 * Markdown tables. bench/run sets BENCH_DSN (and BENCH_SCALE); a script run by
 * hand needs them too, e.g. BENCH_DSN=redis://127.0.0.1:6379 php -d extension=... */

declare(strict_types=1);

if (!extension_loaded('redislock')) {
    fwrite(STDERR, "the redislock extension is not loaded: run the benchmarks with bench/run\n");
    exit(2);
}
if (!extension_loaded('redis')) {
    fwrite(STDERR, "the phpredis extension is not loaded (Debian package php-redis): run with the normal php.ini\n");
    exit(2);
}

/** BENCH_SCALE (default 1): multiplies every cycle and task count. */
function bench_scale(): float
{
    $s = getenv('BENCH_SCALE');
    if ($s === false || $s === '') {
        return 1.0;
    }
    if (!is_numeric($s) || (float) $s <= 0 || (float) $s > 100) {
        fwrite(STDERR, "BENCH_SCALE must be a number greater than 0 and at most 100, got '$s'\n");
        exit(2);
    }
    return (float) $s;
}

/** A count scaled by BENCH_SCALE, never below $min. */
function bench_n(int $base, int $min = 1): int
{
    return max($min, (int) round($base * bench_scale()));
}

function bench_dsn(): string
{
    $dsn = getenv('BENCH_DSN');
    if ($dsn === false || $dsn === '') {
        fwrite(STDERR, "BENCH_DSN is not set: run the benchmarks with bench/run\n");
        exit(2);
    }
    return $dsn;
}

/**
 * The DSN as phpredis connection parameters. Only loopback hosts and unix sockets
 * are accepted: the benchmarks write and delete keys and hammer the server.
 */
function bench_dsn_parts(string $dsn): array
{
    $p = ['host' => null, 'port' => 6379, 'socket' => null, 'user' => null, 'password' => null, 'db' => 0];
    $query = '';
    if (str_starts_with($dsn, 'unix://')) {
        $rest = substr($dsn, 7);
        [$path, $query] = array_pad(explode('?', $rest, 2), 2, '');
        $p['socket'] = $path;
    } elseif (str_starts_with($dsn, 'redis://')) {
        $u = parse_url($dsn);
        if ($u === false || !isset($u['host'])) {
            fwrite(STDERR, "cannot parse the DSN '$dsn'\n");
            exit(2);
        }
        $p['host'] = trim($u['host'], '[]');
        $p['port'] = $u['port'] ?? 6379;
        if (isset($u['user']) && isset($u['pass'])) {
            $p['user'] = rawurldecode($u['user']);
            $p['password'] = rawurldecode($u['pass']);
        } elseif (isset($u['user'])) {
            $p['password'] = rawurldecode($u['user']);
        }
        if (isset($u['path']) && trim($u['path'], '/') !== '') {
            $p['db'] = (int) trim($u['path'], '/');
        }
        $query = $u['query'] ?? '';
        if (!in_array(strtolower($p['host']), ['127.0.0.1', '::1', 'localhost'], true)
            && !str_starts_with($p['host'], '127.')) {
            fwrite(STDERR, "the benchmarks only run against a loopback server, not '{$p['host']}'\n");
            exit(2);
        }
    } else {
        fwrite(STDERR, "the DSN must start with redis:// or unix://, got '$dsn'\n");
        exit(2);
    }
    parse_str($query, $q);
    if (isset($q['db']) || isset($q['database'])) {
        $p['db'] = (int) ($q['db'] ?? $q['database']);
    }
    if (isset($q['user'])) {
        $p['user'] = (string) $q['user'];
    }
    if (isset($q['password'])) {
        $p['password'] = (string) $q['password'];
    }
    return $p;
}

/** A fresh phpredis connection to the benchmark server. */
function bench_phpredis(): Redis
{
    $p = bench_dsn_parts(bench_dsn());
    $r = new Redis();
    if ($p['socket'] !== null) {
        $r->connect($p['socket']);
    } else {
        $r->connect($p['host'], (int) $p['port'], 2.0);
    }
    if ($p['password'] !== null) {
        $r->auth($p['user'] !== null ? [$p['user'], $p['password']] : $p['password']);
    }
    if ($p['db'] !== 0) {
        $r->select($p['db']);
    }
    return $r;
}

/** A name no other run shares, so a run never touches keys it did not create. */
function bench_name(string $what): string
{
    static $run = null;
    $run ??= getmypid() . '-' . bin2hex(random_bytes(3));
    return "bench:$run:$what";
}

function bench_now(): float
{
    return hrtime(true) / 1e9;
}

function bench_median(array $values): float
{
    sort($values);
    $n = count($values);
    if ($n === 0) {
        return NAN;
    }
    return $n % 2 ? (float) $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

/** The value at quantile $q (0..1) of $values, nearest rank. */
function bench_quantile(array $values, float $q): float
{
    sort($values);
    $n = count($values);
    if ($n === 0) {
        return NAN;
    }
    $i = (int) ceil($q * $n) - 1;
    return (float) $values[max(0, min($n - 1, $i))];
}

function bench_rate(float $per_second): string
{
    if (!is_finite($per_second)) {
        return 'n/a';
    }
    return number_format($per_second, $per_second >= 100 ? 0 : 1, '.', ',');
}

function bench_ratio(float $r): string
{
    if (!is_finite($r)) {
        return 'n/a';
    }
    return ($r >= 10 ? number_format($r, 1) : number_format($r, 2)) . 'x';
}

function bench_fixed(float $v, int $decimals = 1): string
{
    return is_finite($v) ? number_format($v, $decimals, '.', ',') : 'n/a';
}

/** Prints a Markdown table; columns whose header starts with a letter are left-aligned, others right. */
function bench_table(array $head, array $rows, array $right = []): void
{
    $width = fn(string $s): int => (int) preg_match_all('/./us', $s);
    $widths = array_map($width, $head);
    foreach ($rows as $row) {
        foreach (array_values($row) as $i => $cell) {
            $widths[$i] = max($widths[$i] ?? 0, $width((string) $cell));
        }
    }
    $line = function (array $cells) use ($widths, $right, $width): string {
        $out = [];
        foreach (array_values($cells) as $i => $cell) {
            $cell = (string) $cell;
            $pad = str_repeat(' ', $widths[$i] - $width($cell));
            $out[] = in_array($i, $right, true) ? $pad . $cell : $cell . $pad;
        }
        return '| ' . implode(' | ', $out) . ' |';
    };
    echo $line($head), "\n";
    $sep = [];
    foreach ($widths as $i => $w) {
        $sep[] = in_array($i, $right, true) ? str_repeat('-', $w + 1) . ':' : str_repeat('-', $w + 2);
    }
    echo '|', implode('|', $sep), "|\n";
    foreach ($rows as $row) {
        echo $line($row), "\n";
    }
    echo "\n";
}

/** VmRSS of this process in KiB, from /proc/self/status (NAN where there is no /proc). */
function bench_rss_kib(): float
{
    $status = @file_get_contents('/proc/self/status');
    if ($status !== false && preg_match('/^VmRSS:\s+(\d+)\s+kB/m', $status, $m)) {
        return (float) $m[1];
    }
    return NAN;
}

// Refuse a bad or non-loopback DSN before anything connects.
bench_dsn_parts(bench_dsn());

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

/**
 * Keeps a headline figure of this script for the summary table that bench/run
 * prints at the end (bench/summary.php). BENCH_RESULTS names the directory; a
 * script run by hand without it records nothing.
 */
function bench_record(string $section, array $figures): void
{
    $dir = getenv('BENCH_RESULTS');
    if ($dir === false || $dir === '' || !is_dir($dir)) {
        return;
    }
    file_put_contents("$dir/$section.json", json_encode($figures, JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION));
}

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

/* ---- the server's side, for the modes that measure it ---------------------------------- */

/** CPU seconds of the server, and the bytes it has read and written. */
function bench_server_counters(Redis $r): array
{
    $cpu = $r->info('cpu');
    $stats = $r->info('stats');
    return [
        'cpu' => (float) ($cpu['used_cpu_sys'] ?? NAN) + (float) ($cpu['used_cpu_user'] ?? NAN),
        'in' => (int) ($stats['total_net_input_bytes'] ?? 0),
        'out' => (int) ($stats['total_net_output_bytes'] ?? 0),
    ];
}

/** Scripts and functions the clients called: EVAL, EVALSHA (and their _RO forms), FCALL. */
function bench_scripts_called(array $calls): int
{
    $n = 0;
    foreach (['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro'] as $cmd) {
        $n += $calls[$cmd] ?? 0;
    }
    return $n;
}

/** $items rotated left by $round places: round after round, each takes its turn first. */
function bench_rotated(array $items, int $round): array
{
    $items = array_values($items);
    $k = $items ? $round % count($items) : 0;
    return array_merge(array_slice($items, $k), array_slice($items, 0, $k));
}

/** Deletes every key whose name holds $base; returns how many there were. */
function bench_sweep_keys(Redis $r, string $base): int
{
    $r->setOption(Redis::OPT_SCAN, Redis::SCAN_RETRY);
    $it = null;
    $n = 0;
    while (($keys = $r->scan($it, "*$base*", 1000)) !== false) {
        $n += $keys ? (int) $r->del($keys) : 0;
    }
    return $n;
}

/**
 * Forks $n workers and runs them together. $prepare($wid) runs in each before the
 * start signal (to connect and warm up) and returns the measuring function, which
 * is then called with the window's end (hrtime ns) and returns the worker's report.
 * The server's statistics are reset once every worker is ready and read again as
 * soon as the last one reported. Returns the reports, the wall time from the start
 * signal to the last worker done, and the server's CPU, bytes and commands over it
 * (commands: calls by name; stats: [calls, µs] by name).
 */
function bench_run_workers(string $what, Redis $r, int $n, float $window_s, float $budget_s, callable $prepare): array
{
    $children = [];
    $problems = [];
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
                $report['done'] = hrtime(true);
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
            }
            fclose($sock);
        }
    }
    return [
        'reports' => $reports, 'problems' => $problems, 'wall' => ($last - $start) / 1e9,
        'cpu_us' => ($after['cpu'] - $before['cpu']) * 1e6, 'in' => $after['in'] - $before['in'],
        'out' => $after['out'] - $before['out'], 'stats' => $stats,
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
    $waits = $holds = $events = $per_worker = [];
    $failed = 0;
    $capped = false;
    foreach ($run['reports'] as $w => $rep) {
        $failed += $rep['failed'];
        $capped = $capped || $rep['capped'];
        $per_worker[$w] = count($rep['rows']);
        foreach ($rep['rows'] as [$t0, $t1, $t2]) {
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
        'scripts_per_op' => $n ? bench_scripts_called($commands) / $n : NAN,
        'all_per_op' => $n ? array_sum($commands) / $n : NAN,
        'in_per_op' => $n ? $run['in'] / $n : NAN,
    ];
}

/**
 * INFO commandstats as command => [calls, usec], without what the harness sends
 * itself (INFO, CONFIG RESETSTAT). Commands run inside Lua scripts count too.
 */
function bench_command_stats(Redis $r): array
{
    $stats = [];
    foreach ($r->info('commandstats') as $key => $value) {
        $key = (string) $key;
        if (!str_starts_with($key, 'cmdstat_')) {
            continue;
        }
        $cmd = substr($key, 8);
        if ($cmd === 'info' || str_starts_with($cmd, 'config')) {
            continue;
        }
        if (is_array($value)) {
            $calls = (int) ($value['calls'] ?? 0);
            $usec = (float) ($value['usec'] ?? 0);
        } elseif (preg_match('/(?:^|,)calls=(\d+).*?(?:^|,)usec=(\d+)/', (string) $value, $m)) {
            [$calls, $usec] = [(int) $m[1], (float) $m[2]];
        } else {
            continue;
        }
        $stats[$cmd] = [$calls, $usec];
    }
    uasort($stats, fn(array $a, array $b): int => $b[0] <=> $a[0] ?: $b[1] <=> $a[1]);
    return $stats;
}

function bench_row_check(array $row): string
{
    $p = $row['problems'];
    if ($row['failed']) {
        array_unshift($p, "{$row['failed']} failed cycles");
    }
    return $p ? implode('; ', $p) : 'ok';
}

/**
 * The table of the commands the server ran: for each row label of $rows
 * (label => worker count => row with 'commands' => [command => [calls, µs]] and
 * 'ops'), one line per command with its calls per operation and µs per call at
 * each worker count of $counts. $first names the first column, $unit the operation.
 */
function bench_commands_table(array $rows, array $counts, string $first, string $unit): void
{
    $cmd_rows = [];
    foreach ($rows as $label => $by_n) {
        $names = [];
        foreach ($by_n as $row) {
            $names += $row['commands'];
        }
        foreach (array_keys($names) as $cmd) {
            $cells = [$label, $cmd];
            foreach ($counts as $n) {
                $row = $by_n[$n] ?? null;
                [$calls, $usec] = $row['commands'][$cmd] ?? [0, 0.0];
                $cells[] = $row && $row['ops'] ? bench_fixed($calls / $row['ops'], 2) : 'n/a';
                $cells[] = $calls ? bench_fixed($usec / $calls, 2) : '–';
            }
            $cmd_rows[] = $cells;
        }
    }
    $head = [$first, 'command'];
    foreach ($counts as $n) {
        $head[] = "N=$n calls per $unit";
        $head[] = "N=$n µs/call";
    }
    bench_table($head, $cmd_rows, range(2, 1 + 2 * count($counts)));
}
