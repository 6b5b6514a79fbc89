<?php
/* The benchmark's environment: the scale, the server (loopback or a unix socket
 * only) and a phpredis connection to it, names of a run's own, and the machine
 * (CPUs, load, this process's memory). */

declare(strict_types=1);

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

/** VmRSS of this process in KiB, from /proc/self/status (NAN where there is no /proc). */
function bench_rss_kib(): float
{
    $status = @file_get_contents('/proc/self/status');
    if ($status !== false && preg_match('/^VmRSS:\s+(\d+)\s+kB/m', $status, $m)) {
        return (float) $m[1];
    }
    return NAN;
}

/**
 * The CPUs this process may run on, as nproc(1) counts them: the scheduler's
 * affinity mask (Cpus_allowed_list of /proc/self/status), not the processors the
 * machine has (/proc/cpuinfo), which a container's cpuset or taskset narrows.
 */
function cpu_count(): int
{
    $status = @file_get_contents('/proc/self/status');
    if ($status !== false && preg_match('/^Cpus_allowed_list:\s*(\S+)/m', $status, $m)) {
        $n = 0;
        foreach (explode(',', $m[1]) as $range) {
            [$from, $to] = array_pad(explode('-', $range, 2), 2, null);
            $n += ($to === null ? 0 : (int) $to - (int) $from) + 1;
        }
        return max(1, $n);
    }
    return max(1, (int) trim((string) shell_exec('nproc 2>/dev/null')));
}

/** The load average over 1, 5 and 15 minutes, as /proc/loadavg gives it. */
function load_average(): string
{
    return implode(' ', array_slice(explode(' ', (string) @file_get_contents('/proc/loadavg')), 0, 3));
}
