<?php
/* The server's side: its CPU, bytes and commands (INFO), what a client sends as
 * MONITOR shows it, and the keys a run leaves behind. */

declare(strict_types=1);

/** CPU seconds of the redis-server process so far: used_cpu_sys + used_cpu_user of INFO cpu. */
function redis_cpu_s(Redis $r): float
{
    $cpu = $r->info('cpu');
    if (!isset($cpu['used_cpu_sys'], $cpu['used_cpu_user'])) {
        throw new RuntimeException('INFO cpu has no used_cpu_sys / used_cpu_user');
    }
    return (float) $cpu['used_cpu_sys'] + (float) $cpu['used_cpu_user'];
}

/** CPU seconds of the server, the bytes it has read and written, and its socket reads (about one per round trip). */
function bench_server_counters(Redis $r): array
{
    $stats = $r->info('stats');
    return [
        'cpu' => redis_cpu_s($r),
        'in' => (int) ($stats['total_net_input_bytes'] ?? 0),
        'out' => (int) ($stats['total_net_output_bytes'] ?? 0),
        'reads' => (int) ($stats['total_reads_processed'] ?? 0),
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


/** A raw connection to the benchmark server in MONITOR mode. */
function monitor_open()
{
    $p = bench_dsn_parts(bench_dsn());
    $addr = $p['socket'] !== null ? 'unix://' . $p['socket'] : 'tcp://' . (str_contains((string) $p['host'], ':') ? "[{$p['host']}]" : $p['host']) . ':' . $p['port'];
    $s = stream_socket_client($addr, $errno, $errstr, 2.0);
    if ($s === false) {
        throw new RuntimeException("MONITOR connection: $errstr");
    }
    stream_set_timeout($s, 5);
    $send = function (array $args) use ($s): string {
        $req = '*' . count($args) . "\r\n";
        foreach ($args as $a) {
            $req .= '$' . strlen($a) . "\r\n$a\r\n";
        }
        fwrite($s, $req);
        return (string) fgets($s);
    };
    if ($p['password'] !== null) {
        $reply = $send($p['user'] !== null ? ['AUTH', $p['user'], $p['password']] : ['AUTH', $p['password']]);
        if (!str_starts_with($reply, '+OK')) {
            throw new RuntimeException('MONITOR connection: AUTH failed');
        }
    }
    if (!str_starts_with($send(['MONITOR']), '+OK')) {
        throw new RuntimeException('MONITOR refused');
    }
    return $s;
}

/** The arguments of one MONITOR line, unquoted (the server writes them with sdscatrepr). */
function monitor_args(string $rest): array
{
    $args = [];
    $len = strlen($rest);
    $i = 0;
    while ($i < $len) {
        if ($rest[$i] !== '"') {
            $i++;
            continue;
        }
        $i++;
        $arg = '';
        while ($i < $len && $rest[$i] !== '"') {
            if ($rest[$i] === '\\' && $i + 1 < $len) {
                $c = $rest[$i + 1];
                if ($c === 'x' && $i + 3 < $len) {
                    $arg .= chr((int) hexdec(substr($rest, $i + 2, 2)));
                    $i += 4;
                    continue;
                }
                $arg .= ['n' => "\n", 'r' => "\r", 't' => "\t", 'a' => "\x07", 'b' => "\x08"][$c] ?? $c;
                $i += 2;
                continue;
            }
            $arg .= $rest[$i++];
        }
        $i++;
        $args[] = $arg;
    }
    return $args;
}
