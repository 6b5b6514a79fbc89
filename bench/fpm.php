<?php
/* PHP-FPM: requests per second of a page that takes and releases one lock, with a
 * persistent connection (new RedisLock([..., 'persistent' => true])) against a
 * fresh connection in every request, served by one php-fpm pool against one Redis
 * server. Also counts the connections Redis accepted per request (INFO stats
 * total_connections_received delta): persistent should be ~0 after warm-up.
 *
 * bench/run fpm starts the php-fpm master and sets BENCH_FPM_SOCKET (its unix
 * socket), BENCH_FPM_WORKERS (pm.max_children of its static pool), BENCH_FPM_LOG
 * (the master's log), BENCH_FPM_PHP_LOG (PHP's error log in the workers) and
 * BENCH_FPM_VERSION. This script is the web server's side: a minimal FastCGI
 * client, in CLIENTS forked processes that stay alive for the whole measurement
 * (a PHP process's fork or exit costs milliseconds of CPU). Each request opens a
 * new connection to php-fpm, as nginx does by default. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const CLIENTS = 2;               // concurrent FastCGI client processes
const ROUNDS = 5;                // interleaved rounds of each variant
const VARIANTS = ['persistent', 'fresh'];
const ROUND_CAP_S = 10;          // a variant's round stops taking new requests after this long (x scale)
const WARMUP_PER_CLIENT = 100;   // at least this many requests of each variant per client before measuring
const WARMUP_CAP_S = 10;
const REQUEST_TIMEOUT_S = 10;
const WORKER_GRACE_S = 60;       // a client is killed by SIGALRM this long after every cap has passed
const PAGE = __DIR__ . '/fpm/lock.php';

const FCGI_BEGIN_REQUEST = 1;
const FCGI_END_REQUEST = 3;
const FCGI_PARAMS = 4;
const FCGI_STDIN = 5;
const FCGI_STDOUT = 6;
const FCGI_STDERR = 7;
const FCGI_RESPONDER = 1;

function env_required(string $name): string
{
    $v = getenv($name);
    if ($v === false || $v === '') {
        fwrite(STDERR, "$name is not set: run this benchmark with bench/run fpm\n");
        exit(2);
    }
    return $v;
}

/* ---- FastCGI client ------------------------------------------------------------ */

function fcgi_record(int $type, string $content, int $id = 1): string
{
    $out = '';
    // A record holds at most 65535 bytes of content; pad each to a multiple of 8.
    foreach ($content === '' ? [''] : str_split($content, 65535) as $chunk) {
        $pad = (8 - strlen($chunk) % 8) % 8;
        $out .= pack('CCnnCx', 1, $type, $id, strlen($chunk), $pad) . $chunk . str_repeat("\0", $pad);
    }
    return $out;
}

function fcgi_length(int $n): string
{
    return $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
}

/** The bytes of one whole request: BEGIN_REQUEST, the params, an empty STDIN. */
function fcgi_request_bytes(array $params): string
{
    $pairs = '';
    foreach ($params as $k => $v) {
        $k = (string) $k;
        $v = (string) $v;
        $pairs .= fcgi_length(strlen($k)) . fcgi_length(strlen($v)) . $k . $v;
    }
    return fcgi_record(FCGI_BEGIN_REQUEST, pack('nCx5', FCGI_RESPONDER, 0))  // flags 0: php-fpm closes after the reply
        . fcgi_record(FCGI_PARAMS, $pairs)
        . fcgi_record(FCGI_PARAMS, '')
        . fcgi_record(FCGI_STDIN, '');
}

/**
 * Sends one request over a new connection to php-fpm and reads the reply up to
 * END_REQUEST. Returns ['stdout' => ..., 'stderr' => ..., 'app_status' => int]
 * or ['error' => what went wrong].
 */
function fcgi_call(string $socket, string $request): array
{
    $s = @stream_socket_client("unix://$socket", $errno, $errstr, REQUEST_TIMEOUT_S);
    if ($s === false) {
        return ['error' => "connect to php-fpm failed: $errstr"];
    }
    stream_set_timeout($s, REQUEST_TIMEOUT_S);
    if (fwrite($s, $request) !== strlen($request)) {
        fclose($s);
        return ['error' => 'could not send the request to php-fpm'];
    }
    $buf = '';
    $stdout = $stderr = '';
    while (true) {
        while (strlen($buf) >= 8) {
            $h = unpack('Cversion/Ctype/nid/nlen/Cpad', $buf);
            $total = 8 + $h['len'] + $h['pad'];
            if (strlen($buf) < $total) {
                break;
            }
            $content = substr($buf, 8, $h['len']);
            $buf = (string) substr($buf, $total);
            if ($h['type'] === FCGI_STDOUT) {
                $stdout .= $content;
            } elseif ($h['type'] === FCGI_STDERR) {
                $stderr .= $content;
            } elseif ($h['type'] === FCGI_END_REQUEST) {
                fclose($s);
                $end = unpack('Napp/Cprotocol', $content);
                if ($end['protocol'] !== 0) {
                    return ['error' => "php-fpm ended the request with protocol status {$end['protocol']}"];
                }
                return ['stdout' => $stdout, 'stderr' => $stderr, 'app_status' => $end['app']];
            }
        }
        $chunk = fread($s, 65536);
        if ($chunk === false || $chunk === '') {
            $timed_out = stream_get_meta_data($s)['timed_out'];
            fclose($s);
            return ['error' => $timed_out ? 'no reply from php-fpm within ' . REQUEST_TIMEOUT_S . ' s'
                : 'php-fpm closed the connection before END_REQUEST'];
        }
        $buf .= $chunk;
    }
}

/** Checks a reply: null when the body is "ok", else what was wrong. Also returns the worker's pid. */
function check_reply(array $reply, ?int &$pid): ?string
{
    $pid = null;
    if (isset($reply['error'])) {
        return $reply['error'];
    }
    [$head, $body] = array_pad(explode("\r\n\r\n", $reply['stdout'], 2), 2, null);
    if ($body === null) {
        return 'reply without headers: ' . substr($reply['stdout'], 0, 200);
    }
    if (preg_match('/^X-Fpm-Pid:\s*(\d+)/mi', $head, $m)) {
        $pid = (int) $m[1];
    }
    if ($body !== 'ok') {
        $status = preg_match('/^Status:\s*(.*?)\r?$/mi', $head, $m) ? $m[1] : '200';
        return sprintf('status %s, body %s%s', $status, json_encode(substr($body, 0, 300)),
            $reply['stderr'] !== '' ? ', stderr ' . json_encode(substr($reply['stderr'], 0, 300)) : '');
    }
    return null;
}

/* ---- the client processes ------------------------------------------------------- */

/**
 * One client: builds the request of each variant once, reports ready, then runs
 * the commands of the parent ("<variant> <count> <cap seconds>" or "warm <count>
 * <cap seconds>") until "quit", answering each with a JSON line.
 *
 * @param resource $sock
 */
function client(int $cid, $sock, string $fpm_socket, array $redis, string $name): int
{
    $requests = [];
    foreach (VARIANTS as $variant) {
        $requests[$variant] = fcgi_request_bytes([
            'GATEWAY_INTERFACE' => 'CGI/1.1',
            'SERVER_SOFTWARE' => 'bench/fpm.php',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'SERVER_NAME' => 'localhost',
            'SERVER_ADDR' => '127.0.0.1',
            'SERVER_PORT' => '80',
            'REMOTE_ADDR' => '127.0.0.1',
            'REMOTE_PORT' => (string) (40000 + $cid),
            'REQUEST_METHOD' => 'GET',
            'REQUEST_URI' => "/lock.php?variant=$variant",
            'SCRIPT_NAME' => '/lock.php',
            'SCRIPT_FILENAME' => PAGE,
            'DOCUMENT_ROOT' => dirname(PAGE),
            'QUERY_STRING' => "variant=$variant",
            'CONTENT_TYPE' => '',
            'CONTENT_LENGTH' => '0',
            'REDIS_HOST' => $redis['host'] ?? '',
            'REDIS_PORT' => (string) $redis['port'],
            'REDIS_SOCKET' => $redis['socket'] ?? '',
            'REDIS_USER' => $redis['user'] ?? '',
            'REDIS_PASSWORD' => $redis['password'] ?? '',
            'REDIS_DATABASE' => (string) $redis['db'],
            'LOCK_NAME' => "$name:client$cid",
        ]);
    }
    fwrite($sock, "ready\n");
    while (($line = fgets($sock)) !== false) {
        $cmd = explode(' ', trim($line));
        if ($cmd[0] === 'quit') {
            return 0;
        }
        $warm = $cmd[0] === 'warm';
        $count = (int) $cmd[1];
        $deadline = bench_now() + (float) $cmd[2];
        $res = ['done' => 0, 'failures' => 0, 'first_failure' => null, 'capped' => false, 'us' => [], 'pids' => []];
        // A warm-up runs both variants, alternately; a measurement one of them.
        $variants = $warm ? VARIANTS : [$cmd[0]];
        for ($i = 0; $i < $count; $i++) {
            if (bench_now() > $deadline) {
                $res['capped'] = true;
                break;
            }
            $variant = $variants[$i % count($variants)];
            $t = hrtime(true);
            $reply = fcgi_call($fpm_socket, $requests[$variant]);
            $us = (hrtime(true) - $t) / 1e3;
            $problem = check_reply($reply, $pid);
            $res['done']++;
            $res['us'][] = round($us, 1);
            if ($pid !== null) {
                $res['pids'][$variant][$pid] = true;
            }
            if ($problem !== null) {
                $res['failures']++;
                $res['first_failure'] ??= "$variant request: $problem";
            }
        }
        foreach ($res['pids'] as $v => $set) {
            $res['pids'][$v] = array_keys($set);
        }
        if ($warm) {
            $res['us'] = [];
        }
        fwrite($sock, json_encode($res) . "\n");
    }
    return 1;
}

/* ---- measurement ---------------------------------------------------------------- */

function info_stats(Redis $r): array
{
    $s = $r->info('stats');
    $c = $r->info('clients');
    return ['received' => (int) ($s['total_connections_received'] ?? -1), 'connected' => (int) ($c['connected_clients'] ?? -1)];
}

/** Sends one command to every client and collects their JSON answers. */
function broadcast(array $clients, string $cmd, float $wait_s): array
{
    foreach ($clients as $c) {
        fwrite($c['sock'], "$cmd\n");
    }
    $out = [];
    foreach ($clients as $cid => $c) {
        stream_set_timeout($c['sock'], (int) ceil($wait_s));
        $line = fgets($c['sock']);
        $res = $line === false ? null : json_decode($line, true);
        if (!is_array($res)) {
            throw new RuntimeException("client $cid sent no result for '$cmd'");
        }
        $out[$cid] = $res;
    }
    return $out;
}

/** Tells every client to exit, and waits for them. */
function broadcast_quit(array $clients): void
{
    foreach ($clients as $c) {
        fwrite($c['sock'], "quit\n");
    }
    foreach ($clients as $c) {
        pcntl_waitpid($c['pid'], $status);
    }
}

function main(): int
{
    $fpm_socket = env_required('BENCH_FPM_SOCKET');
    $workers = (int) env_required('BENCH_FPM_WORKERS');
    $redis = bench_dsn_parts(bench_dsn());
    $name = bench_name('fpm');
    $scale_cap = max(1.0, bench_scale());
    $per_variant = bench_n(5000, ROUNDS * CLIENTS);
    $per_client_round = intdiv($per_variant, ROUNDS * CLIENTS);
    $per_variant = $per_client_round * ROUNDS * CLIENTS;
    $round_cap = ROUND_CAP_S * $scale_cap;
    $total_cap = WARMUP_CAP_S * 2 + ROUNDS * count(VARIANTS) * $round_cap;

    $r = bench_phpredis();
    $clients = [];
    for ($cid = 0; $cid < CLIENTS; $cid++) {
        [$pid, $sock] = bench_fork("client $cid", function ($sock) use ($cid, $fpm_socket, $redis, $name, $total_cap): int {
            pcntl_alarm((int) ceil($total_cap) + WORKER_GRACE_S);   // default action: the process ends
            return client($cid, $sock, $fpm_socket, $redis, $name);
        });
        $clients[$cid] = ['pid' => $pid, 'sock' => $sock];
    }
    foreach ($clients as $cid => $c) {
        stream_set_timeout($c['sock'], 30);
        if (trim((string) fgets($c['sock'])) !== 'ready') {
            throw new RuntimeException("client $cid did not start");
        }
    }

    // Warm-up: both variants until every php-fpm worker has served each (so every
    // worker holds its persistent connection and opcache has the page), or the cap.
    $warm_pids = array_fill_keys(VARIANTS, []);
    $warm_requests = $warm_failures = 0;
    $warm_first_failure = null;
    $warm_deadline = bench_now() + WARMUP_CAP_S;
    do {
        foreach (broadcast($clients, 'warm ' . (2 * WARMUP_PER_CLIENT) . ' ' . WARMUP_CAP_S, WARMUP_CAP_S + REQUEST_TIMEOUT_S + 10) as $res) {
            $warm_requests += $res['done'];
            $warm_failures += $res['failures'];
            $warm_first_failure ??= $res['first_failure'];
            foreach ($res['pids'] as $v => $pids) {
                $warm_pids[$v] += array_fill_keys($pids, true);
            }
        }
        $all_warm = min(array_map('count', $warm_pids)) >= $workers;
    } while (!$all_warm && bench_now() < $warm_deadline);

    $stats = [];
    foreach (VARIANTS as $v) {
        $stats[$v] = ['done' => 0, 'wall' => 0.0, 'conns' => 0, 'failures' => 0, 'first_failure' => null,
            'capped' => false, 'us' => [], 'round_us' => [], 'pids' => []];
    }
    $connected_after = [];
    for ($round = 0; $round < ROUNDS; $round++) {
        // Alternate which variant goes first, so a drift over the run hits both alike.
        $order = $round % 2 ? array_reverse(VARIANTS) : VARIANTS;
        foreach ($order as $v) {
            $before = info_stats($r);
            $t = bench_now();
            $results = broadcast($clients, "$v $per_client_round $round_cap", $round_cap + REQUEST_TIMEOUT_S + 10);
            $wall = bench_now() - $t;
            $after = info_stats($r);
            $s = &$stats[$v];
            $done = 0;
            foreach ($results as $res) {
                $done += $res['done'];
                $s['failures'] += $res['failures'];
                $s['first_failure'] ??= $res['first_failure'];
                $s['capped'] = $s['capped'] || $res['capped'];
                array_push($s['us'], ...$res['us']);
                foreach ($res['pids'] as $pids) {
                    $s['pids'] += array_fill_keys($pids, true);
                }
            }
            $s['done'] += $done;
            $s['wall'] += $wall;
            $s['conns'] += $after['received'] - $before['received'];
            $s['round_us'][] = $done ? $wall / $done * 1e6 : NAN;
            $connected_after[$v][] = $after['connected'];
            unset($s);
        }
    }
    broadcast_quit($clients);

    /* ---- report ---- */
    echo "## PHP-FPM: persistent vs fresh connections\n\n";
    printf("php-fpm %s, static pool of %d workers on a unix socket, opcache on; %d FastCGI client processes, "
        . "a new FastCGI connection per request. Each request: `new RedisLock([...])`, `lock()`, `unlock()`, body \"ok\". "
        . "%s requests per variant in %d interleaved rounds, after a warm-up of %s requests (%s every worker had served both variants).\n\n",
        getenv('BENCH_FPM_VERSION') ?: '?', $workers, CLIENTS, number_format($per_variant), ROUNDS,
        number_format($warm_requests), $all_warm ? 'until' : 'CAPPED before');

    $rows = [];
    $rate = $mean_us = [];
    foreach (VARIANTS as $v) {
        $s = $stats[$v];
        $rate[$v] = $s['done'] / $s['wall'];
        $mean_us[$v] = $s['us'] ? array_sum($s['us']) / count($s['us']) : NAN;
        $rows[] = [
            $v === 'persistent' ? "persistent (`'persistent' => true`)" : 'fresh (no persistent)',
            number_format($s['done']) . ($s['capped'] ? ' CAPPED' : ''),
            bench_rate($rate[$v]),
            bench_fixed($mean_us[$v]),
            bench_fixed($s['done'] ? $s['conns'] / $s['done'] : NAN, 3),
            (string) $s['failures'],
        ];
    }
    bench_table(['variant', 'requests', 'requests/s', 'µs/request', 'Redis connections opened per request', 'failures'],
        $rows, [1, 2, 3, 4, 5]);

    $saved = $mean_us['fresh'] - $mean_us['persistent'];
    bench_record('fpm', ['workers' => $workers, 'rate' => $rate, 'mean_us' => $mean_us,
        'failures' => array_sum(array_map(fn($v) => $stats[$v]['failures'], VARIANTS))]);
    printf("- connect cost saved by persistent connections: %s µs per request (%s → %s µs); "
        . "persistent serves %s the requests/s of fresh; wall time per request (1 ÷ requests/s, %d clients at once) "
        . "%s → %s µs, %s µs saved\n",
        bench_fixed($saved), bench_fixed($mean_us['fresh']), bench_fixed($mean_us['persistent']),
        bench_ratio($rate['persistent'] / $rate['fresh']), CLIENTS,
        bench_fixed(1e6 / $rate['fresh']), bench_fixed(1e6 / $rate['persistent']),
        bench_fixed(1e6 / $rate['fresh'] - 1e6 / $rate['persistent']));
    foreach (VARIANTS as $v) {
        $s = $stats[$v];
        printf("- %s: latency p50 %s / p99 %s / max %s µs; wall µs per request per round %s – %s; "
            . "%d Redis connections opened in all; served by %d workers; Redis connected_clients after its rounds %s\n",
            $v, bench_fixed(bench_quantile($s['us'], 0.5)), bench_fixed(bench_quantile($s['us'], 0.99)),
            bench_fixed($s['us'] ? max($s['us']) : NAN),
            bench_fixed(min($s['round_us'])), bench_fixed(max($s['round_us'])), $s['conns'], count($s['pids']),
            implode(', ', array_unique($connected_after[$v])));
        if ($s['first_failure'] !== null) {
            printf("  - first failure: %s\n", $s['first_failure']);
        }
    }
    if ($warm_failures) {
        printf("- warm-up: %d failures; the first: %s\n", $warm_failures, $warm_first_failure);
    }

    // What php-fpm and PHP logged: a crashed worker, a warning, an uncaught exception
    // (an entry starts with its date in brackets; a stack trace continues it).
    $problems = [];
    $entries = 0;
    $log = @file(getenv('BENCH_FPM_LOG') ?: '', FILE_IGNORE_NEW_LINES) ?: [];
    foreach ($log as $l) {
        if (preg_match('/WARNING|ERROR|ALERT|exited|signal/', $l)) {
            $problems[] = "php-fpm: $l";
            $entries++;
        }
    }
    $php_log = @file(getenv('BENCH_FPM_PHP_LOG') ?: '', FILE_IGNORE_NEW_LINES) ?: [];
    foreach ($php_log as $l) {
        $problems[] = "PHP: $l";
        $entries += str_starts_with($l, '[') ? 1 : 0;
    }
    printf("- php-fpm and PHP logged %d warnings or errors%s\n", $entries, $problems ? ', the first lines:' : '');
    foreach (array_slice($problems, 0, 10) as $p) {
        printf("  - %s\n", substr($p, 0, 400));
    }

    // Leave nothing behind on a shared server.
    $left = 0;
    foreach ([true, false] as $delete) {
        $it = null;
        while (($keys = $r->scan($it, "*$name*", 1000)) !== false) {
            if ($keys && $delete) {
                $r->del($keys);
            } else {
                $left += count($keys);
            }
        }
    }
    printf("- keys of this run left on the server: %d\n\n", $left);

    $failures = array_sum(array_column($stats, 'failures')) + $warm_failures;
    return $failures === 0 && $problems === [] ? 0 : 1;
}

exit(main());
