<?php
/* Promises on time, measured rather than asserted: how late the rate limiter's
 * waiting policy admits each waiter after its place, and how long the scripts
 * that work on big structures run on the server (Redis serves nobody while a
 * script runs). Each figure is printed beside its target with "met" or "missed";
 * a miss is reported, never raised: a loaded machine spoils wall-clock bounds,
 * which is why these are benchmarks and not tests.
 *
 *   php bench/latency.php
 *
 * 1. The fair wait: 16 waiters on RedisRateLimiter::wait() (token bucket, 10 per
 *    second, burst 1), each asking once the one before has its place; admitted
 *    in arrival order, each at most 5 ms after its place (the TAT its script
 *    moved, on the server's clock), over 5 runs of 16 at scale 1.
 * 2. The queue's scripts on queues of 10^6 members, both layouts: every script
 *    call of the operations of a big queue, timed by the server (SLOWLOG with a
 *    threshold of 0); none may reach 50 ms.
 * 3. lockMany() of 250 names (the most it takes): each script it sends, taking
 *    250 free names and waiting on 250 held ones; under 50 ms each.
 * 4. The sweep of dead waiters: a lock's and a semaphore's queue filled with dead
 *    waiters; each call that drops them (up to 500 per sweep), under 50 ms each.
 *
 * The server's main thread runs at nice -10 while this measures (where this
 * process may raise it: root, or CAP_SYS_NICE), as the waiters do; the server's
 * priority and its slow log settings are put back at the end. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

ini_set('memory_limit', '1G');

const LATE_TARGET_MS = 5.0;
const SCRIPT_TARGET_MS = 50.0;
const WAITERS = 16;
const QUEUE_N = 1000000;
const SLOWLOG_MAX = 100000;

$r = bench_phpredis();
$base = bench_name('latency');

/* ---- the server: its priority and its slow log, both put back at the end ---- */

$saved = [];
foreach (['slowlog-log-slower-than', 'slowlog-max-len'] as $param) {
    $got = $r->rawCommand('CONFIG', 'GET', $param);
    $saved[$param] = is_array($got) ? (string) ($got[1] ?? $got[$param] ?? '') : '';
}
$server_pid = (int) ($r->info('server')['process_id'] ?? 0);
$nice_before = $server_pid > 0 ? @pcntl_getpriority($server_pid) : false;
$raised = $server_pid > 0 && $nice_before !== false && @pcntl_setpriority(-10, $server_pid);
$waiters_raised = null;
$parent = getmypid();
register_shutdown_function(function () use ($saved, $server_pid, $nice_before, $raised, $base, $parent): void {
    if (getmypid() !== $parent) {
        return; /* a forked waiter leaving */
    }
    try {
        $r = bench_phpredis();
        foreach ($saved as $param => $value) {
            if ($value !== '') {
                $r->rawCommand('CONFIG', 'SET', $param, $value);
            }
        }
        $r->rawCommand('SLOWLOG', 'RESET');
        bench_sweep_keys($r, $base);
    } catch (Throwable $e) {
        fwrite(STDERR, 'latency: cleaning up: ' . $e->getMessage() . "\n");
    }
    if ($raised) {
        @pcntl_setpriority((int) $nice_before, $server_pid);
    }
});

/** The script commands: what a call of the extension sends. */
const LAT_SCRIPTS = ['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro'];
/** The slow log's threshold while measuring (µs): every script call of 1 ms or more is logged. */
const SLOW_FLOOR_US = 1000;

/**
 * From now on the server's slow log keeps every command of 1 ms or more. Not 0:
 * Redis 7 logs the commands a script runs too, which would fill the log (a page
 * of 250 tasks is over a thousand commands) and add the logging to the script's
 * own time.
 */
function lat_slowlog_on(Redis $r): void
{
    $r->rawCommand('CONFIG', 'SET', 'slowlog-log-slower-than', (string) SLOW_FLOOR_US);
    $r->rawCommand('CONFIG', 'SET', 'slowlog-max-len', (string) SLOWLOG_MAX);
    $r->rawCommand('SLOWLOG', 'RESET');
    $r->rawCommand('CONFIG', 'RESETSTAT');
}

/**
 * Runs $fn and returns what it returned, with the server's time (ms) of each
 * script call it caused: the calls INFO commandstats counts, each timed by the
 * slow log when it took 1 ms or more; the only call of a block is timed exactly
 * by commandstats (its usec), whatever it took. A call under 1 ms among several
 * is -INF (known to be under 1 ms). 'slow': the logged calls as [ms, the call's
 * first arguments]; 'overflow': the slow log was full, so some were lost.
 */
function lat_block(Redis $r, callable $fn): array
{
    $r->rawCommand('SLOWLOG', 'RESET');
    $r->rawCommand('CONFIG', 'RESETSTAT');
    $ret = $fn();
    $n = 0;
    $usec = 0.0;
    foreach (bench_command_stats($r) as $cmd => [$calls, $us]) {
        if (in_array($cmd, LAT_SCRIPTS, true)) {
            $n += $calls;
            $usec += $us;
        }
    }
    $overflow = (int) $r->rawCommand('SLOWLOG', 'LEN') >= SLOWLOG_MAX;
    $entries = $r->rawCommand('SLOWLOG', 'GET', (string) SLOWLOG_MAX);
    $slow = [];
    foreach (array_reverse(is_array($entries) ? $entries : []) as $e) {
        $args = $e[3] ?? [];
        if (in_array(strtolower((string) ($args[0] ?? '')), LAT_SCRIPTS, true)) {
            $slow[] = [(int) $e[2] / 1000, implode(' ', array_map(fn($a) => substr(preg_replace('/\s+/', ' ', (string) $a), 0, 40),
                array_slice($args, 0, 4)))];
        }
    }
    if ($n === 1) {
        $ms = [$usec / 1000];
    } else {
        $ms = array_column($slow, 0);
        for ($i = count($ms); $i < $n; $i++) {
            $ms[] = -INF;
        }
    }
    return ['ret' => $ret, 'n' => $n, 'ms' => $ms, 'slow' => $slow, 'overflow' => $overflow];
}

/** median, p99 (nearest rank), worst and count of a list of ms; 'under' counts the calls only known to be under 1 ms. */
function lat_dist(array $ms): array
{
    sort($ms);
    $n = count($ms);
    $q = fn(float $p): float => $n ? (float) $ms[max(0, min($n - 1, (int) ceil($p * $n) - 1))] : NAN;
    return [
        'n' => $n,
        'median' => $q(0.5),
        'p99' => $q(0.99),
        'worst' => $n ? (float) $ms[$n - 1] : NAN,
        'under' => count(array_filter($ms, fn($v) => $v === -INF)),
    ];
}

/** A figure of lat_dist() in ms: "< 1" where it falls among the calls only known to be under 1 ms. */
function lat_fig(array $d, string $key): string
{
    if ($key === 'n') {
        return number_format($d['n']);
    }
    $v = $d[$key];
    if ($v === -INF) {
        return '< 1';
    }
    if (!is_finite($v)) {
        return 'n/a';
    }
    if ($d['under'] > 0 && $v < SLOW_FLOOR_US / 1000) {
        return '< 1';
    }
    return bench_fixed($v, 2);
}

function lat_ms(float $v): string
{
    return bench_fixed($v, 2);
}

/** How many of $ms are at or over $limit ms. */
function lat_over(array $ms, float $limit): int
{
    return count(array_filter($ms, fn($v) => $v >= $limit));
}

/** A raw connection to the server, for pipelining the fill commands. */
function lat_raw_socket()
{
    $p = bench_dsn_parts(bench_dsn());
    $addr = $p['socket'] !== null ? 'unix://' . $p['socket']
        : 'tcp://' . (str_contains((string) $p['host'], ':') ? "[{$p['host']}]" : $p['host']) . ':' . $p['port'];
    $s = stream_socket_client($addr, $errno, $errstr, 5.0);
    if ($s === false) {
        throw new RuntimeException("raw connection: $errstr");
    }
    stream_set_timeout($s, 120);
    $pre = [];
    if ($p['password'] !== null) {
        $pre[] = $p['user'] !== null ? ['AUTH', $p['user'], $p['password']] : ['AUTH', $p['password']];
    }
    if ($p['db'] !== 0) {
        $pre[] = ['SELECT', (string) $p['db']];
    }
    foreach ($pre as $args) {
        fwrite($s, lat_resp($args));
        if (!str_starts_with((string) fgets($s), '+OK')) {
            throw new RuntimeException('raw connection: ' . $args[0] . ' refused');
        }
    }
    return $s;
}

function lat_resp(array $args): string
{
    $out = '*' . count($args) . "\r\n";
    foreach ($args as $a) {
        $out .= '$' . strlen((string) $a) . "\r\n$a\r\n";
    }
    return $out;
}

$info = $r->info('server');
$server = isset($info['valkey_version']) ? 'Valkey ' . $info['valkey_version'] : 'Redis ' . ($info['redis_version'] ?? '?');
$promises = [];

echo "## Promises on time: fair waits and bounded scripts\n\n";
printf("Four bounds the extension promises on time, each measured on %s and printed beside its target, \"met\" or \"missed\". "
    . "Wall-clock bounds are not asserted by the test suite (a loaded machine would flip them); they are measured here, "
    . "and a miss is reported as measured, never hidden. Script times are the server's own (INFO commandstats and "
    . "SLOWLOG: the time the server spent in each call, during which it serves nobody else). "
    . "The server's main thread %s. %d CPUs, load average at the start %s.\n\n",
    $server,
    $raised ? sprintf('was raised to nice -10 for the measurement (from %d, put back afterwards)', (int) $nice_before)
        : 'could not be raised to nice -10 here (this needs root or CAP_SYS_NICE) and ran at its own priority',
    cpu_count(), load_average());

/* ---- 1. the rate limiter's fair wait ---- */

/** One run of WAITERS waiters on a new name: what each saw, and the places. */
function lat_limiter_run(Redis $r, string $name): array
{
    $dsn = bench_dsn();
    /* Its scripts loaded on the server before the count starts. */
    $warm = new RedisRateLimiter($dsn);
    $warm->peek("$name:warm", 10, 1.0);
    $warm->wait("$name:warm-wait", 10, 1.0, 1, 'token_bucket', 1, 5.0);
    $children = [];
    for ($i = 0; $i < WAITERS; $i++) {
        $children[$i] = bench_fork("limiter waiter $i", function ($sock) use ($dsn, $name): int {
            $nice = @pcntl_setpriority(-10);
            $l = new RedisRateLimiter($dsn);
            $l->peek("$name:warm", 10, 1.0);
            fwrite($sock, 'r');
            if (fread($sock, 1) !== 'g') {
                return 3;
            }
            $sent = microtime(true);
            try {
                $got = $l->wait($name, 10, 1.0, 1, 'token_bucket', 1, 5.0);
                $error = null;
            } catch (RedisLockException $e) {
                $got = false;
                $error = get_class($e) . ': ' . $e->getMessage();
            }
            $admitted = microtime(true);
            fwrite($sock, json_encode([$sent, $admitted, is_array($got) && ($got['allowed'] ?? false) === true, $nice, $error]) . "\n");
            return 0;
        });
    }
    foreach ($children as [, $sock]) {
        stream_set_timeout($sock, 30);
        fread($sock, 1);
    }
    $key = 'Limiter:' . $name;
    $tat = null;
    $places = [];
    $lost = false;
    $released = 0;
    foreach ($children as $i => [, $sock]) {
        fwrite($sock, 'g');
        $released++;
        /* The next one asks once this one's script has run: the TAT moved, to
         * this one's place plus 100 ms (µs, the server's clock). */
        $deadline = bench_now() + 10.0;
        while (true) {
            $now = $r->get($key);
            if ($now !== false && $now !== $tat) {
                $tat = $now;
                break;
            }
            if (bench_now() > $deadline) {
                $lost = true;
                break 2;
            }
            usleep(200);
        }
        $numbers = explode(':', (string) $tat);
        $places[$i] = (int) end($numbers) - 100000;
    }
    $seen = [];
    foreach ($children as $i => [$pid, $sock]) {
        /* Those never released (a lost TAT) are told to leave. */
        $line = $i < $released ? fgets($sock) : false;
        $seen[$i] = $line === false ? null : json_decode($line, true);
        fclose($sock);
        pcntl_waitpid($pid, $status);
    }
    $r->del($key, "$key:warm", "$key:warm-wait");
    return ['seen' => $seen, 'places' => $places, 'lost' => $lost];
}

$runs = bench_n(5);
$late_all = [];
$run_rows = [];
$order_ok = $places_ok = $admitted_all = true;
$early_n = 0;
$errors = [];
for ($run = 1; $run <= $runs; $run++) {
    if ($run > 1) {
        sleep(1);
    }
    $res = lat_limiter_run($r, "$base:limiter:$run");
    $late = [];
    $admitted = 0;
    foreach ($res['seen'] as $i => $s) {
        if ($s !== null && $s[4] !== null) {
            $errors[$s[4]] = ($errors[$s[4]] ?? 0) + 1;
        }
        if ($s === null || !$s[2] || !isset($res['places'][$i])) {
            continue;
        }
        $admitted++;
        $late[$i] = ($s[1] - $res['places'][$i] / 1e6) * 1000;
        $waiters_raised ??= (bool) $s[3];
    }
    $order = array_keys(array_filter($res['seen']));
    usort($order, fn($x, $y) => $res['seen'][$x][1] <=> $res['seen'][$y][1]);
    $in_order = $order === range(0, WAITERS - 1);
    $gaps = [];
    for ($k = 1; $k < count($res['places']); $k++) {
        $gaps[] = $res['places'][$k] - $res['places'][$k - 1];
    }
    $spaced = !$res['lost'] && count($res['places']) === WAITERS && $gaps === array_fill(0, WAITERS - 1, 100000);
    $early = count(array_filter($late, fn($v) => $v < 0));
    $order_ok = $order_ok && $in_order;
    $places_ok = $places_ok && $spaced;
    $admitted_all = $admitted_all && $admitted === WAITERS;
    $early_n += $early;
    $late_all = array_merge($late_all, array_values($late));
    $d = lat_dist(array_values($late));
    $run_rows[] = [(string) $run, "$admitted of " . WAITERS, $in_order ? 'yes' : 'NO', $spaced ? 'yes' : 'NO', (string) $early,
        lat_ms($d['median']), lat_ms($d['worst']), (string) count(array_filter($late, fn($v) => $v > LATE_TARGET_MS))];
}
$d = lat_dist($late_all);
$over = count(array_filter($late_all, fn($v) => $v > LATE_TARGET_MS));
$met = $order_ok && $places_ok && $admitted_all && $early_n === 0 && $d['n'] === $runs * WAITERS && $over === 0;

echo "### 1. The rate limiter's fair wait\n\n";
printf("%d runs of %d processes (forked, each with its own connection, at nice -10 where they may: %s), each run on a new "
    . "name: `RedisRateLimiter::wait(\$name, 10, 1.0, 1, 'token_bucket', 1, 5.0)`, one admission per 100 ms. The waiters ask "
    . "in a known order: each is released once the one before has its place (the limiter's TAT moved; this process reads it "
    . "with GET every 0.2 ms). A waiter's place is the TAT its script moved to, minus 100 ms, on the server's clock, "
    . "which is this host's; late = when `wait()` returned in the waiter (microtime) − its place. Runs are a second apart. "
    . "Target: admitted in arrival order, places 100 ms apart, never before the place, each at most %s ms after it.\n\n",
    $runs, WAITERS, $waiters_raised === null ? 'none reported' : ($waiters_raised ? 'they did' : 'they could not'), bench_fixed(LATE_TARGET_MS, 0));
if ($errors) {
    echo "wait() threw, in waiters that were not admitted (the count of each message):\n\n";
    foreach ($errors as $message => $count) {
        printf("- %d × %s\n", $count, $message);
    }
    echo "\n";
}
bench_table(['run', 'admitted', 'in arrival order', 'places 100 ms apart', 'early', 'late ms, median', 'late ms, worst',
    'later than ' . bench_fixed(LATE_TARGET_MS, 0) . ' ms'], $run_rows, [4, 5, 6, 7]);
$promises[] = [
    'promise' => 'rate limiter fair wait',
    'what' => sprintf('%d waiters × %d runs on 10/s, burst 1: ms from the place (TAT) to wait() returning', WAITERS, $runs),
    'dist' => $d,
    'over' => $over,
    'target' => sprintf('in order, never early, every one ≤ %s ms after its place', bench_fixed(LATE_TARGET_MS, 0)),
    'met' => $met,
    'note' => ($order_ok ? '' : 'order broken; ') . ($places_ok ? '' : 'places not 100 ms apart; ')
        . ($admitted_all ? '' : 'not all admitted; ') . ($early_n ? "$early_n early; " : '')
        . ($errors ? array_sum($errors) . ' wait() calls threw; ' : ''),
];

/* ---- 2. the queue's scripts on queues of 10^6 members ---- */

/** Sends $cmd $key with 1000 (score, member) or (field, value) pairs at a time, pipelined; returns the commands sent. */
function lat_fill($socket, string $cmd, string $key, callable $pair, int $n): int
{
    $sent = 0;
    for ($i = 0; $i < $n; $i += 1000) {
        $out = '*2002' . "\r\n\$" . strlen($cmd) . "\r\n$cmd\r\n\$" . strlen($key) . "\r\n$key\r\n";
        for ($j = $i; $j < $i + 1000; $j++) {
            foreach ($pair($j) as $a) {
                $out .= '$' . strlen($a) . "\r\n$a\r\n";
            }
        }
        fwrite($socket, $out);
        $sent++;
    }
    return $sent;
}

$built_at = bench_now();
$qb = "$base:big";
$qb2 = "$base:big2";
$qbusy = "$base:busy";
$qfresh = "$base:fresh";
$qs = "$base:bigs";
$socket = lat_raw_socket();
$sent = lat_fill($socket, 'ZADD', "Queue:$qb", fn($i) => ['1', sprintf('z%07d', $i)], QUEUE_N);
$sent += lat_fill($socket, 'ZADD', "{Queue:$qb}:inflight", fn($i) => ['2', sprintf('f%07d', $i)], QUEUE_N);
$sent += lat_fill($socket, 'ZADD', "{Queue:$qb}:dead", fn($i) => ['3', sprintf('d%07d', $i)], QUEUE_N);
$sent += lat_fill($socket, 'HSET', "{Queue:$qb}:payloads", fn($i) => [sprintf('d%07d', $i), 'p'], QUEUE_N);
$sent += lat_fill($socket, 'ZADD', "{Queue:$qb2}:dead", fn($i) => ['3', sprintf('e%07d', $i)], QUEUE_N);
$sent += lat_fill($socket, 'ZADD', "Queue:$qbusy", fn($i) => ['1', sprintf('b%07d', $i)], QUEUE_N / 10);
$sent += lat_fill($socket, 'ZADD', "{Queue:$qbusy}:inflight", fn($i) => ['1e10', sprintf('b%07d', $i)], QUEUE_N / 10);
$replies = 0;
while ($replies < $sent && ($line = fgets($socket)) !== false) {
    $replies += $line === ":1000\r\n";
}
/* The stream layout: 10^6 entries, each in the index, all delivered to a
 * consumer that never acks (10^6 reservations in the group's PEL). */
$s = "{Queue:$qs}:stream";
for ($i = 0; $i < QUEUE_N; $i += 1000) {
    $out = '';
    for ($j = $i; $j < $i + 1000; $j++) {
        $out .= lat_resp(['XADD', $s, ($j + 1) . '-0', 'i', sprintf('s%07d', $j), 'p', 'p']);
    }
    fwrite($socket, $out);
}
$sent2 = lat_fill($socket, 'HSET', "{Queue:$qs}:index", fn($i) => [sprintf('s%07d', $i), ($i + 1) . '-0'], QUEUE_N);
$replies2 = 0;
$want2 = QUEUE_N + $sent2;
while ($replies2 < $want2 && ($line = fgets($socket)) !== false) {
    $replies2 += $line[0] === '$' || $line === ":1000\r\n";
    if ($line[0] === '$') {
        fgets($socket);
    }
}
fclose($socket);
$r->rawCommand('XGROUP', 'CREATE', $s, 'rl', '0');
for ($i = 0; $i < QUEUE_N; $i += 10000) {
    $r->rawCommand('XREADGROUP', 'GROUP', 'rl', 'gone', 'COUNT', '10000', 'STREAMS', $s, '>');
}
$r->rawCommand('HSET', "{Queue:$qs}:meta", 'v', '1', 'm', '0', 'b', '0');
$filled = $replies === $sent && $replies2 === $want2 && $r->rawCommand('XLEN', $s) === QUEUE_N;
usleep(5000);
$built = bench_now() - $built_at;
$held_mb = (int) ($r->info('memory')['used_memory'] ?? 0) / 1048576;

$q = new RedisQueue(bench_dsn() . (str_contains(bench_dsn(), '?') ? '&' : '?') . 'read_timeout=30');
$ops = [
    ['sorted sets', 'size()', fn() => $q->size($qb) === ['due' => QUEUE_N, 'delayed' => 0, 'inflight' => QUEUE_N, 'dead' => QUEUE_N]],
    ['sorted sets', 'stats()', fn() => $q->stats($qb)['dead'] === QUEUE_N],
    ['sorted sets', 'top() of 2 * 10^5', fn() => count($q->top($qb, 200000)) === 200000],
    ['sorted sets', 'dead() of 2 * 10^5', fn() => count($q->dead($qb, 200000)) === 200000],
    ['sorted sets', 'pop() of 10^5', fn() => count($q->pop($qb, 100000)) === 100000],
    ['sorted sets', 'reserve() of 10^5', fn() => count($q->reserve($qb, 100000, visibility: 600)) === 100000],
    ['sorted sets', 'reserve() on 10^5 due tasks all in flight', fn() => $q->reserve($qbusy, 100) === []],
    ['sorted sets', 'enqueue() of 2 * 10^5 ids, half with a payload', function () use ($q, $qfresh): bool {
        $ids = $payloads = [];
        for ($i = 0; $i < 200000; $i++) {
            $ids[] = "n$i";
            if ($i % 2 === 0) {
                $payloads["n$i"] = "payload $i";
            }
        }
        return $q->enqueue($qfresh, $ids, payload: $payloads) === true;
    }],
    ['sorted sets', 'pop() of 2 * 10^5 with payloads', fn() => count($q->pop($qfresh, 200000)) === 200000],
    ['sorted sets', 'retryDead() of a list of 10^5', function () use ($q, $qb): bool {
        $list = [];
        for ($i = 200000; $i < 300000; $i++) {
            $list[] = sprintf('d%07d', $i);
        }
        return $q->retryDead($qb, $list) === 100000;
    }],
    ['sorted sets', 'retryDead() of all the others (9 * 10^5)', fn() => $q->retryDead($qb) === QUEUE_N - 100000],
    ['sorted sets', 'purgeDead() of 10^6', fn() => $q->purgeDead($qb2) === QUEUE_N],
    ['stream', 'size()', fn() => $q->size($qs) === ['due' => 0, 'delayed' => 0, 'inflight' => QUEUE_N, 'dead' => 0]],
    ['stream', 'stats()', fn() => $q->stats($qs)['inflight'] === QUEUE_N],
    ['stream', 'reserve() of 1000, settling expired reservations', fn() => is_array($q->reserve($qs, 1000, visibility: 600))],
    ['stream', 'reserve() of 1 and touch()', function () use ($q, $qs): bool {
        $t = $q->reserve($qs, 1, 900);
        return $t === false || $q->touch($qs, $t['id'], 1200, $t['receipt']);
    }],
    ['stream', 'pop() of 1000', fn() => is_array($q->pop($qs, 1000))],
    ['stream', 'remove() of an entry in flight', fn() => $q->remove($qs, 's0999999') === true],
    ['stream', 'clear()', fn() => $q->clear($qs) > 0 && $r->exists($s) === 0],
    ['sorted sets', 'clear()', fn() => $q->clear($qb) > 0 && $r->exists("Queue:$qb", "{Queue:$qb}:inflight", "{Queue:$qb}:payloads") === 0],
];
lat_slowlog_on($r);
$op_rows = [];
$by_layout = [];
$slowest = [];
$overflow = false;
$checks_failed = [];
foreach ($ops as [$layout, $what, $op]) {
    $t0 = bench_now();
    $block = lat_block($r, function () use ($op, $filled, &$what): bool {
        try {
            return $filled && $op();
        } catch (Throwable $e) {
            $what .= ' (' . get_class($e) . ': ' . $e->getMessage() . ')';
            return false;
        }
    });
    $wall = bench_now() - $t0;
    $overflow = $overflow || $block['overflow'];
    foreach ($block['slow'] as [$ms, $call]) {
        $slowest[] = [$ms, "$layout, $what", $call];
    }
    $by_layout[$layout] = array_merge($by_layout[$layout] ?? [], $block['ms']);
    if (!$block['ret']) {
        $checks_failed[] = "$layout $what";
    }
    $od = lat_dist($block['ms']);
    $op_rows[] = [$layout, $what, lat_fig($od, 'n'), lat_fig($od, 'median'), lat_fig($od, 'p99'), lat_fig($od, 'worst'),
        (string) lat_over($block['ms'], SCRIPT_TARGET_MS), bench_fixed($wall, 2), $block['ret'] ? 'ok' : 'FAILED'];
}
$r->rawCommand('CONFIG', 'SET', 'slowlog-log-slower-than', $saved['slowlog-log-slower-than'] ?: '10000');
$r->del("{Queue:$qbusy}:inflight", "Queue:$qbusy");
$q->clear($qfresh);
$q->clear($qb2);
usort($slowest, fn($a, $b) => $b[0] <=> $a[0]);

echo "### 2. The queue's scripts on queues of 10^6 members\n\n";
printf("Filled with pipelined `ZADD`, `HSET` and `XADD` (no script) in %s s (the server then held %s MB): on the sorted-set layout, a queue with 10^6 due "
    . "tasks, 10^6 reservations whose deadline passed and 10^6 dead letters with payloads, a second with 10^6 dead letters, "
    . "and one whose 10^5 due tasks are all in flight too (a take must skip them); on the stream layout, a queue of 10^6 "
    . "entries, all delivered to a consumer that is gone (10^6 reservations in the group's pending list, past their "
    . "visibility). Then the operations below, one after the other, each with `read_timeout` 30 s. Script calls are counted "
    . "by INFO commandstats and timed by the server's slow log, which keeps every call of 1 ms or more (\"< 1\": the figure "
    . "falls among the calls under 1 ms; an operation of one call is timed exactly by commandstats). The sizes do not change "
    . "with the scale. Target: no script call of %s ms or more.%s%s\n\n",
    bench_fixed($built, 1), number_format($held_mb), bench_fixed(SCRIPT_TARGET_MS, 0),
    $filled ? '' : ' THE FILL FAILED: the operations were not run.',
    $overflow ? ' THE SLOW LOG OVERFLOWED: some calls of 1 ms or more were not timed.' : '');
bench_table(['layout', 'operation', 'script calls', 'median ms', 'p99 ms', 'worst ms', '≥ 50 ms', 'wall s', 'check'],
    $op_rows, [2, 3, 4, 5, 6, 7]);
echo "The slowest script calls:\n\n";
bench_table(['ms', 'during', 'call (first arguments)'],
    array_map(fn($c) => [lat_ms($c[0]), $c[1], '`' . $c[2] . '`'], array_slice($slowest, 0, 10)), [0]);
foreach (['sorted sets', 'stream'] as $layout) {
    $ms = $by_layout[$layout] ?? [];
    $promises[] = [
        'promise' => "queue scripts on 10^6-member queues, $layout layout",
        'what' => 'server time of each script call of the operations above',
        'dist' => lat_dist($ms),
        'over' => lat_over($ms, SCRIPT_TARGET_MS),
        'target' => sprintf('no call ≥ %s ms', bench_fixed(SCRIPT_TARGET_MS, 0)),
        'met' => $filled && lat_over($ms, SCRIPT_TARGET_MS) === 0 && $ms && !$overflow && !$checks_failed,
        'note' => ($overflow ? 'slow log overflowed; ' : '')
            . ($checks_failed ? 'checks failed: ' . implode(', ', $checks_failed) . '; ' : ''),
    ];
}

/* ---- 3. lockMany() of 250 names ---- */

$names = array_map(fn($i) => "$base:many:$i", range(1, 250));
$a = new RedisLock(bench_dsn());
$b = new RedisLock(bench_dsn());
/* Its scripts loaded on the server before the count starts. */
$a->lockMany($names, 0, 30);
$a->unlockAll();
lat_slowlog_on($r);
$take_ms = $wait_ms = $release_ms = [];
$many_ok = true;
$cycles = bench_n(100, 10);
for ($i = 0; $i < $cycles; $i++) {
    $block = lat_block($r, fn() => $a->lockMany($names, 0, 30));
    $many_ok = $block['ret'] && $many_ok;
    $take_ms = array_merge($take_ms, $block['ms']);
    $block = lat_block($r, fn() => $a->unlockAll());
    $many_ok = $block['ret'] && $many_ok;
    $release_ms = array_merge($release_ms, $block['ms']);
}
$waits = bench_n(10, 3);
$a->lockMany($names, 0, 30);
for ($i = 0; $i < $waits; $i++) {
    $block = lat_block($r, fn() => $b->lockMany(array_reverse($names), 0.3, 30));
    $many_ok = $block['ret'] === false && $many_ok;
    $wait_ms = array_merge($wait_ms, $block['ms']);
}
$a->unlockAll();
$r->rawCommand('CONFIG', 'SET', 'slowlog-log-slower-than', $saved['slowlog-log-slower-than'] ?: '10000');
$rows = [];
foreach ([
    [sprintf('lockMany() of 250 free names, taken (%d calls)', $cycles), $take_ms],
    [sprintf('lockMany() of 250 names all held by another, waiting 0.3 s and giving up (%d calls)', $waits), $wait_ms],
    [sprintf('unlockAll() of the 250 (%d calls; not under the promise)', $cycles), $release_ms],
] as [$what, $ms]) {
    $md = lat_dist($ms);
    $rows[] = [$what, lat_fig($md, 'n'), lat_fig($md, 'median'), lat_fig($md, 'p99'), lat_fig($md, 'worst'),
        (string) lat_over($ms, SCRIPT_TARGET_MS)];
}
$many_all = array_merge($take_ms, $wait_ms);

echo "### 3. lockMany() of 250 names\n\n";
printf("One object takes 250 names (the most `lockMany()` accepts) with `lockMany(\$names, 0, 30)` and releases them with "
    . "`unlockAll()`, %d times; then, with the 250 held by it, a second object asks for them in reverse order with a wait of "
    . "0.3 s, %d times (it registers as a waiter on every name, looks again when woken, and leaves). Each script call is "
    . "timed by the server: a `lockMany()` that takes sends one script, timed exactly (commandstats); the others by the slow "
    . "log (1 ms or more; \"< 1\" below). Target: each script a `lockMany()` sends under %s ms.%s\n\n",
    $cycles, $waits, bench_fixed(SCRIPT_TARGET_MS, 0), $many_ok ? '' : ' A CALL RETURNED WHAT IT SHOULD NOT.');
bench_table(['what', 'script calls', 'median ms', 'p99 ms', 'worst ms', '≥ 50 ms'], $rows, [1, 2, 3, 4, 5]);
$promises[] = [
    'promise' => 'lockMany() of 250 names',
    'what' => 'server time of each script call of lockMany(), taking and waiting',
    'dist' => lat_dist($many_all),
    'over' => lat_over($many_all, SCRIPT_TARGET_MS),
    'target' => sprintf('every call < %s ms', bench_fixed(SCRIPT_TARGET_MS, 0)),
    'met' => $many_ok && lat_over($many_all, SCRIPT_TARGET_MS) === 0 && $many_all,
    'note' => $many_ok ? '' : 'a call returned what it should not; ',
];

/* ---- 4. the sweep of dead waiters ---- */

$dead = (int) (ceil(bench_n(200000, 5000) / 1000) * 1000);
$lock = new RedisLock(bench_dsn());
$sem = new RedisSemaphore(bench_dsn());
$token = false;
$sweeps = [];
$sweep_rows = [];
$sweep_ok = true;
$odd = 0;
foreach ([
    ['lock', "$base:dead:l", "{Lock:$base:dead:l}:queue",
        fn(string $n): bool => $lock->lockShared($n, 0, 30), fn(string $n): bool => $lock->unlock($n), 'lockShared()', 'unlock()'],
    ['semaphore', "$base:dead:s", "{Semaphore:$base:dead:s}:queue",
        function (string $n) use ($sem, &$token): bool {
            $token = $sem->acquire($n, 1, 0, 30);
            return $token !== false;
        },
        function (string $n) use ($sem, &$token): bool {
            return $token !== false && $sem->release($n, $token);
        }, 'acquire()', 'release()'],
] as [$kind, $name, $queue, $take, $give, $take_label, $give_label]) {
    /* Its scripts loaded on the server before the count starts. */
    $take("$name:warm");
    $give("$name:warm");
    /* The queue as that many killed waiters leave it: scores before now, no alive marks. */
    for ($batch = 0; $batch < $dead / 1000; $batch++) {
        $args = [$queue];
        for ($i = 0; $i < 1000; $i++) {
            array_push($args, (string) ($batch * 1000 + $i + 1), sprintf('%032x', $batch * 1000 + $i));
        }
        $r->rawCommand('ZADD', ...$args);
    }
    lat_slowlog_on($r);
    $per = [$take_label => [], $give_label => []];
    $dropped = [$take_label => [], $give_label => []];
    $deadline = bench_now() + 120;
    $left = (int) $r->zCard($queue);
    while ($left > 0 && bench_now() < $deadline) {
        foreach ([[$take_label, $take], [$give_label, $give]] as [$label, $fn]) {
            $block = lat_block($r, fn() => $fn($name));
            $sweep_ok = $block['ret'] && $sweep_ok;
            $now_left = (int) $r->zCard($queue);
            if ($left > $now_left) {
                if ($block['n'] === 1) {
                    $per[$label][] = $block['ms'][0];
                    $dropped[$label][] = $left - $now_left;
                    $sweeps[] = $block['ms'][0];
                } else {
                    $odd++;
                }
            }
            $left = $now_left;
        }
    }
    $sweep_ok = $sweep_ok && $left === 0;
    foreach ($per as $label => $ms) {
        $sd = lat_dist($ms);
        $sweep_rows[] = [$kind, $label, lat_fig($sd, 'n'),
            $dropped[$label] ? min($dropped[$label]) . ' – ' . max($dropped[$label]) : '–',
            lat_fig($sd, 'median'), lat_fig($sd, 'p99'), lat_fig($sd, 'worst'), (string) lat_over($ms, SCRIPT_TARGET_MS)];
    }
    $r->del($queue);
}
$r->rawCommand('CONFIG', 'SET', 'slowlog-log-slower-than', $saved['slowlog-log-slower-than'] ?: '10000');

echo "### 4. The sweep of dead waiters\n\n";
printf("A lock's and a semaphore's wait queue each filled with %s dead waiters (as that many killed waiters leave them: "
    . "queued, no alive mark), the name free. Then, until the queue is empty (at most 120 s each), one object alternates "
    . "a call that looks at the queue and its release (`lockShared()` and `unlock()` on the lock, `acquire()` and "
    . "`release()` on the semaphore, no wait), each one script: each finds dead waiters at the head of the queue and drops "
    . "them, a bounded number per sweep. The queue's length (`ZCARD`) before and after each call gives how many it "
    . "dropped; INFO commandstats gives its time on the server. Only calls that dropped dead waiters are counted. "
    . "Target: each under %s ms.%s%s\n\n",
    number_format($dead), bench_fixed(SCRIPT_TARGET_MS, 0), $sweep_ok ? '' : ' A CALL FAILED, OR A QUEUE WAS NOT EMPTIED.',
    $odd ? " $odd calls that dropped some sent more than one script and are left out." : '');
bench_table(['queue of', 'call', 'calls that swept', 'dead waiters dropped per call (min – max)', 'median ms', 'p99 ms',
    'worst ms', '≥ 50 ms'], $sweep_rows, [2, 4, 5, 6, 7]);
$promises[] = [
    'promise' => 'sweep of dead waiters',
    'what' => sprintf('server time of each call that dropped dead waiters, %s in each queue', number_format($dead)),
    'dist' => lat_dist($sweeps),
    'over' => lat_over($sweeps, SCRIPT_TARGET_MS),
    'target' => sprintf('every call < %s ms', bench_fixed(SCRIPT_TARGET_MS, 0)),
    'met' => $sweep_ok && lat_over($sweeps, SCRIPT_TARGET_MS) === 0 && $sweeps,
    'note' => $sweep_ok ? '' : 'a call failed or a queue was not emptied; ',
];

/* ---- the promises ---- */

echo "### The promises\n\n";
printf("Load average at the end %s. A miss here is what this run measured: on a machine that others load, a late wake-up "
    . "or a script stalled by the host shows up as one; rerun on a quiet machine before reading it as the code's.\n\n",
    load_average());
$rows = [];
foreach ($promises as $p) {
    $rows[] = [$p['promise'], $p['what'], lat_fig($p['dist'], 'n'), lat_fig($p['dist'], 'median'), lat_fig($p['dist'], 'p99'),
        lat_fig($p['dist'], 'worst'), (string) $p['over'], $p['target'],
        ($p['met'] ? 'met' : 'missed') . ($p['note'] !== '' ? ' (' . rtrim($p['note'], '; ') . ')' : '')];
}
bench_table(['promise', 'what was measured', 'count', 'median ms', 'p99 ms', 'worst ms', 'over the target', 'target', 'met'],
    $rows, [2, 3, 4, 5, 6]);

bench_record('latency', [
    'server_nice_raised' => $raised,
    'promises' => array_map(fn(array $p): array => [
        'promise' => $p['promise'], 'n' => $p['dist']['n'], 'median' => lat_fig($p['dist'], 'median'),
        'p99' => lat_fig($p['dist'], 'p99'), 'worst' => lat_fig($p['dist'], 'worst'), 'over' => $p['over'],
        'target' => $p['target'], 'met' => (bool) $p['met'],
    ], $promises),
]);
