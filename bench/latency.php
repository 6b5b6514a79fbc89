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
 * 5. Wake-ups, waits and prompt answers: one row per kind of promise the tests
 *    used to bound by the clock (a waiter woken after unlock, expiry or its
 *    holder's death; a busy call with timeout 0; a signal handler during a wait; a
 *    fair crowd; a queue worker woken on enqueue, a delayed or lapsed task taken;
 *    a refused connection, -BUSY, a Redlock or cluster waiter, the bridges' waits),
 *    each over repetitions: median, p99 and worst beside the tightest bound a
 *    test of that kind held. The Redlock, cluster and busy-script rows use the
 *    servers bench/run starts (BENCH_REDLOCK, BENCH_CLUSTER, BENCH_BUSY_DSN) and
 *    say "not measured" without them.
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

echo "## Promises on time: fair waits, bounded scripts, wake-ups\n\n";
printf("The bounds the extension promises on time, each measured on %s and printed beside its target, \"met\" or \"missed\". "
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

/* ---- 5. wake-ups, waits and prompt answers ---- */

/**
 * One repetition with a forked waiter: $child($sock) runs in the child after it
 * connected and returns [ok, microtime when its call returned]; the parent waits
 * until $queued() says the waiter waits (at most 5 s), then $release() lets go and
 * returns the reference time (microtime taken just before it let go). Returns the
 * lateness in ms (child's time − reference), or null when the waiter failed.
 */
function lat_wake_rep(callable $prepare, callable $queued, callable $release): ?float
{
    [$pid, $sock] = bench_fork('waiter', function ($sock) use ($prepare): int {
        $wait = $prepare();
        fwrite($sock, 'r');
        [$ok, $at] = $wait();
        fwrite($sock, json_encode([$ok, $at]) . "\n");
        return 0;
    });
    stream_set_timeout($sock, 30);
    $late = null;
    if (fread($sock, 1) === 'r') {
        $deadline = bench_now() + 5.0;
        while (!$queued() && bench_now() < $deadline) {
            usleep(1000);
        }
        $ref = $release();
        $line = fgets($sock);
        $got = $line === false ? null : json_decode($line, true);
        if (is_array($got) && $got[0]) {
            $late = ($got[1] - $ref) * 1000;
        }
    }
    fclose($sock);
    posix_kill($pid, SIGKILL);
    pcntl_waitpid($pid, $status);
    return $late;
}

/** The server's count of clients blocked in a command (BLPOP and the like). */
function lat_blocked(Redis $r): int
{
    return (int) ($r->info('clients')['blocked_clients'] ?? 0);
}

/** A holder forked to take something, say when it asked (microtime) and hang until killed: [pid, socket, time asked, ok]. */
function lat_doomed_holder(callable $take): array
{
    [$pid, $sock] = bench_fork('holder', function ($sock) use ($take): int {
        $before = microtime(true);
        $ok = $take();
        fwrite($sock, json_encode([$ok, $before]) . "\n");
        sleep(60);
        return 0;
    });
    stream_set_timeout($sock, 30);
    $line = fgets($sock);
    $got = $line === false ? [false, 0.0] : json_decode($line, true);
    return [$pid, $sock, (float) $got[1], (bool) $got[0]];
}

function lat_kill(int $pid, $sock): void
{
    posix_kill($pid, SIGKILL);
    pcntl_waitpid($pid, $status);
    fclose($sock);
}

$dsn = bench_dsn();
$wake_rows = [];   // [group, row, tests, ms list, failures, target ms, what the figure is, note]
/** Adds a row: $ms the measured figures (ms), $failed the repetitions that did not give one. */
$add = function (string $group, string $row, string $what, array $ms, int $failed, float $target, string $note = '') use (&$wake_rows): void {
    $wake_rows[] = compact('group', 'row', 'what', 'ms', 'failed', 'target', 'note');
};
$skip = function (string $group, string $row, string $why, float $target) use (&$wake_rows): void {
    $wake_rows[] = ['group' => $group, 'row' => $row, 'what' => $why, 'ms' => [], 'failed' => 0, 'target' => $target, 'note' => 'not measured'];
};
$lock = new RedisLock($dsn);
$sem = new RedisSemaphore($dsn);
$q = new RedisQueue($dsn);
$lock->isLocked("$base:w:warm");
$reps = bench_n(20, 5);
$slow_reps = bench_n(6, 3);

/* -- locks, semaphores, shared locks -- */
$G = 'locks, semaphores, shared locks';
$waiters = fn(string $kind, string $n): int => (int) (($kind === 'lock' ? $lock->inspect($n) : $sem->inspect($n))['waiters'] ?? 0);

$ms = [];
$failed = 0;
for ($i = 0; $i < $reps; $i++) {
    $n = "$base:w:unlock:$i";
    $lock->lock($n, 0, 30);
    $late = lat_wake_rep(function () use ($dsn, $n) {
        $l = new RedisLock($dsn);
        $l->isLocked($n);
        return fn() => [$l->lock($n, 10, 30), microtime(true)];
    }, fn() => $waiters('lock', $n) >= 1, function () use ($lock, $n): float {
        $t = microtime(true);
        $lock->unlock($n);
        return $t;
    });
    $late === null ? $failed++ : $ms[] = $late;
    $r->del("Lock:$n");
}
$add($G, 'a lock waiter woken after unlock', 'woken − unlock', $ms, $failed, 50);

$ms = [];
$failed = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $n = "$base:w:expiry:$i";
    $taken = microtime(true);
    $lock->lock($n, 0, 0.3);
    $late = lat_wake_rep(function () use ($dsn, $n) {
        $l = new RedisLock($dsn);
        $l->isLocked($n);
        return fn() => [$l->lock($n, 10, 30), microtime(true)];
    }, fn() => $waiters('lock', $n) >= 1, fn(): float => $taken + 0.3);
    /* Before the expiry (beyond the two clocks' 20 ms) would be a broken lock: no figure. */
    $late === null || $late < -20 ? $failed++ : $ms[] = $late;
    $r->del("Lock:$n");
}
$add($G, 'a lock waiter woken after expiry', 'woken − the holder\'s expiry (0.3 s after it asked)', $ms, $failed, 250);

$ms = [];
$failed = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $n = "$base:w:killed:$i";
    [$pid, $sock, $before, $ok] = lat_doomed_holder(fn() => ($GLOBALS['lat_kept'] = new RedisLock($dsn))->lock($n, 0, 0.5));
    lat_kill($pid, $sock);
    $got = $ok && $lock->lock($n, 10, 30);
    $got ? $ms[] = (microtime(true) - $before - 0.5) * 1000 : $failed++;
    $lock->unlock($n);
}
$add($G, 'a lock waiter woken after its holder was killed (SIGKILL)', 'woken − the killed holder\'s expiry (0.5 s)', $ms, $failed, 250);

$ms = [];
$failed = 0;
for ($i = 0; $i < $reps; $i++) {
    $n = "$base:w:sem:$i";
    $tok = $sem->acquire($n, 1, 0, 30);
    $late = lat_wake_rep(function () use ($dsn, $n) {
        $s = new RedisSemaphore($dsn);
        $s->count($n);
        return fn() => [$s->acquire($n, 1, 10, 30) !== false, microtime(true)];
    }, fn() => $waiters('sem', $n) >= 1, function () use ($sem, $n, $tok): float {
        $t = microtime(true);
        $sem->release($n, (string) $tok);
        return $t;
    });
    $late === null ? $failed++ : $ms[] = $late;
    $r->del("Semaphore:$n", "{Semaphore:$n}:queue");
}
$add($G, 'a semaphore waiter woken after release', 'woken − release', $ms, $failed, 100);

$ms = [];
$failed = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $n = "$base:w:semkilled:$i";
    [$pid, $sock, $before, $ok] = lat_doomed_holder(fn() => ($GLOBALS['lat_kept'] = new RedisSemaphore($dsn))->acquire($n, 2, 0, 0.5, 2) !== false);
    lat_kill($pid, $sock);
    $tok = $ok ? $sem->acquire($n, 2, 10, 30, 2) : false;
    $tok !== false ? $ms[] = (microtime(true) - $before - 0.5) * 1000 : $failed++;
    $tok !== false && $sem->release($n, $tok);
}
$add($G, 'a semaphore waiter woken after its holder was killed (SIGKILL)', 'woken − the killed holder\'s expiry (0.5 s)', $ms, $failed, 250);

$ms = [];
$failed = 0;
$reader2 = new RedisLock($dsn);
for ($i = 0; $i < $reps; $i++) {
    $n = "$base:w:writer:$i";
    $lock->lockShared($n, 0, 30);
    $reader2->lockShared($n, 0, 30);
    $late = lat_wake_rep(function () use ($dsn, $n) {
        $l = new RedisLock($dsn);
        $l->isLocked($n);
        return fn() => [$l->lock($n, 10, 30), microtime(true)];
    }, fn() => $waiters('lock', $n) >= 1, function () use ($lock, $reader2, $n): float {
        $reader2->unlock($n);
        $t = microtime(true);
        $lock->unlock($n);
        return $t;
    });
    $late === null ? $failed++ : $ms[] = $late;
    $r->del("Lock:$n");
}
$add($G, 'a shared lock: a writer woken after the readers leave', 'woken − the last reader\'s unlock', $ms, $failed, 250);

$ms = [];
$failed = 0;
for ($i = 0; $i < $reps; $i++) {
    $n = "$base:w:readers:$i";
    $lock->lock($n, 0, 30);
    /* Two readers queued behind the writer, each a process of its own; the figure is each reader's. */
    $kids = [];
    for ($k = 0; $k < 2; $k++) {
        $kids[] = bench_fork('reader', function ($sock) use ($dsn, $n): int {
            $l = new RedisLock($dsn);
            $l->isLocked($n);
            fwrite($sock, 'r');
            $ok = $l->lockShared($n, 10, 30);
            fwrite($sock, json_encode([$ok, microtime(true)]) . "\n");
            return 0;
        });
    }
    foreach ($kids as [, $sock]) {
        stream_set_timeout($sock, 30);
        fread($sock, 1);
    }
    $deadline = bench_now() + 5.0;
    while ($waiters('lock', $n) < 2 && bench_now() < $deadline) {
        usleep(1000);
    }
    $t = microtime(true);
    $lock->unlock($n);
    foreach ($kids as [$pid, $sock]) {
        $line = fgets($sock);
        $got = $line === false ? null : json_decode($line, true);
        is_array($got) && $got[0] ? $ms[] = ($got[1] - $t) * 1000 : $failed++;
        fclose($sock);
        pcntl_waitpid($pid, $status);
    }
    $r->del("Lock:$n");
}
$add($G, 'a shared lock: readers woken after the writer leaves', 'each of 2 readers: admitted − the writer\'s unlock', $ms, $failed, 150);

$ms = [];
$failed = 0;
$other = new RedisLock($dsn);
$osem = new RedisSemaphore($dsn);
$n = "$base:w:busy";
$lock->lock($n, 0, 60);
$stok = $sem->acquire($n, 1, 0, 60);
$calls = [fn() => $other->lock($n, 0, 30), fn() => $other->lockShared($n, 0, 30), fn() => $osem->acquire($n, 1, 0, 30)];
for ($i = 0; $i < 3 * $reps; $i++) {
    $t = bench_now();
    $got = $calls[$i % 3]();
    $took = (bench_now() - $t) * 1000;
    $got === false ? $ms[] = $took : $failed++;
}
$lock->unlock($n);
$sem->release($n, (string) $stok);
$add($G, 'a busy lock() / lockShared() / acquire() with timeout 0 returns false', 'the call\'s time', $ms, $failed, 100);

/* Signal handlers during a wait: a forked sender signals this process 3 times, 150 ms apart, during each wait. */
pcntl_async_signals(true);
$handled = [];
pcntl_signal(SIGUSR1, function () use (&$handled) { $handled[] = microtime(true); });
$signalled = function (callable $wait): array {
    global $handled;
    $handled = [];
    $parent = getmypid();
    [$pid, $sock] = bench_fork('signal sender', function ($sock) use ($parent): int {
        $sent = [];
        for ($k = 0; $k < 3; $k++) {
            usleep(150000);
            $sent[] = microtime(true);
            posix_kill($parent, SIGUSR1);
        }
        fwrite($sock, json_encode($sent) . "\n");
        return 0;
    });
    stream_set_timeout($sock, 30);
    $wait();
    $sent = json_decode((string) fgets($sock), true) ?: [];
    fclose($sock);
    pcntl_waitpid($pid, $status);
    $late = [];
    foreach ($sent as $k => $s) {
        if (isset($handled[$k])) {
            $late[] = ($handled[$k] - $s) * 1000;
        }
    }
    return [$late, count($sent) - count($late)];
};
$ms = [];
$failed = 0;
$n = "$base:w:signal";
$lock->lock($n, 0, 60);
for ($i = 0; $i < $slow_reps; $i++) {
    [$late, $lost] = $signalled(fn() => $other->lock($n, 0.6, 30));
    $ms = array_merge($ms, $late);
    $failed += $lost;
}
$lock->unlock($n);
$add($G, 'a PHP signal handler runs during a lock wait', 'handler ran − signal sent (3 per wait)', $ms, $failed, 100);

$ms = [];
$failed = 0;
$lim = new RedisRateLimiter($dsn);
for ($i = 0; $i < $slow_reps; $i++) {
    $n = "$base:w:limsig:$i";
    $lim->consume($n, 1, 0.6, 1, 'token_bucket', 1);
    [$late, $lost] = $signalled(fn() => $lim->wait($n, 1, 0.6, 1, 'token_bucket', 1, 5.0));
    $ms = array_merge($ms, $late);
    $failed += $lost;
    $lim->reset($n);
}
pcntl_signal(SIGUSR1, SIG_DFL);
$add($G, 'a PHP signal handler runs during a limiter wait', 'handler ran − signal sent (3 per wait)', $ms, $failed, 60);

$ms = [];
$failed = 0;
pcntl_signal(SIGALRM, function () { throw new RuntimeException('alarm'); });
$n = "$base:w:throws";
$lock->lock($n, 0, 60);
$stok = $sem->acquire($n, 1, 0, 60);
$throwing = [fn() => $other->lock($n, 10, 30), fn() => $osem->acquire($n, 1, 10, 30), fn() => $q->reserve("$base:w:throwsq", 1, 30, 10)];
for ($i = 0; $i < 3; $i++) {
    $t = bench_now();
    pcntl_alarm(1);
    try {
        $throwing[$i % 3]();
        $failed++;
    } catch (RuntimeException $e) {
        $ms[] = (bench_now() - $t) * 1000;
    }
}
pcntl_alarm(0);
pcntl_signal(SIGALRM, SIG_DFL);
$lock->unlock($n);
$sem->release($n, (string) $stok);
$add($G, 'a throwing signal handler ends the wait (lock, acquire, reserve)', 'start of a 10 s wait − the exception, SIGALRM after 1 s', $ms, $failed, 1300);

/* A fair crowd: 8 processes, each taking the lock again and again, 1 ms held. */
$n = "$base:w:fair";
$rounds = bench_n(100, 10);
$kids = [];
for ($p = 0; $p < 8; $p++) {
    $kids[] = bench_fork('fair waiter', function ($sock) use ($dsn, $n, $rounds): int {
        $l = new RedisLock($dsn);
        $l->isLocked($n);
        fwrite($sock, 'r');
        fread($sock, 1);
        $w = [];
        for ($i = 0; $i < $rounds; $i++) {
            $t = bench_now();
            if (!$l->lock($n, 30, 15)) {
                break;
            }
            $w[] = (bench_now() - $t) * 1000;
            usleep(1000);
            $l->unlock($n);
        }
        fwrite($sock, json_encode($w) . "\n");
        return 0;
    });
}
foreach ($kids as [, $sock]) {
    stream_set_timeout($sock, 120);
    fread($sock, 1);
}
foreach ($kids as [, $sock]) {
    fwrite($sock, 'g');
}
$ms = [];
foreach ($kids as [$pid, $sock]) {
    $ms = array_merge($ms, json_decode((string) fgets($sock), true) ?: []);
    fclose($sock);
    pcntl_waitpid($pid, $status);
}
$add($G, 'a fair crowd: every wait of 8 processes on one lock', 'each wait, 8 × ' . $rounds . ' acquisitions, 1 ms held', $ms, 8 * $rounds - count($ms), 2000);

/* -- the queue -- */
$G = 'queue';
$blocked = fn(): bool => lat_blocked($r) >= 1;
$queue_wake = function (string $row, callable $wait, callable $send, float $target, string $what, ?callable $before = null) use ($add, $G, $reps, $blocked, $dsn): void {
    $ms = [];
    $failed = 0;
    for ($i = 0; $i < $reps; $i++) {
        $before && $before($i);
        $late = lat_wake_rep(function () use ($dsn, $wait, $i) {
            $wq = new RedisQueue($dsn);
            $wq->size('warm');
            return fn() => [$wait($wq, $i), microtime(true)];
        }, $blocked, fn(): float => $send($i));
        $late === null ? $failed++ : $ms[] = $late;
    }
    $add($G, $row, $what, $ms, $failed, $target);
};
$qn = "$base:w:q";
$queue_wake('a blocked worker woken on enqueue, one queue (pop with a wait)',
    fn(RedisQueue $wq, int $i) => ($wq->pop($qn, 1, 10, 5)['id'] ?? null) === "t$i",
    function (int $i) use ($q, $qn): float {
        $t = microtime(true);
        $q->enqueue($qn, "t$i");
        return $t;
    }, 1000, 'woken − enqueue');
$queue_wake('a blocked worker woken on enqueue, two queues (reserve on both)',
    fn(RedisQueue $wq, int $i) => ($wq->reserve(["$qn:a", "$qn:b"], 1, 30, 5)['id'] ?? null) === "t$i",
    function (int $i) use ($q, $qn): float {
        $t = microtime(true);
        $q->enqueue("$qn:b", "t$i");
        return $t;
    }, 150, 'woken − enqueue on the second queue');
$task = null;
$queue_wake('a worker waiting in reserve() takes an id enqueued again while in flight, once the first worker acks',
    fn(RedisQueue $wq, int $i) => ($wq->reserve("$qn:re$i", 1, 30, 5)['id'] ?? null) === 'job',
    function (int $i) use ($q, $qn, &$task): float {
        $t = microtime(true);
        $q->ack("$qn:re$i", 'job', $task['receipt'] ?? null);
        return $t;
    }, 300, 'taken − the first worker\'s ack', function (int $i) use ($q, $qn, &$task): void {
        /* Taken by a first worker, then enqueued again while in flight: held back until the ack. */
        $q->enqueue("$qn:re$i", 'job');
        $task = $q->reserve("$qn:re$i", 1, 30);
        $q->enqueue("$qn:re$i", 'job');
    });

/* A delayed task: the worker waits before it is enqueued; late = taken − due. */
$ms = [];
$failed = 0;
$early = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $late = lat_wake_rep(function () use ($dsn, $qn, $i) {
        $wq = new RedisQueue($dsn);
        $wq->size('warm');
        return fn() => [($wq->reserve("$qn:d$i", 1, 30, 5)['id'] ?? null) === 'later', microtime(true)];
    }, $blocked, function () use ($q, $qn, $i): float {
        $t = microtime(true);
        $q->enqueue("$qn:d$i", 'later', 10, 0.3);
        return $t + 0.3;
    });
    $late === null ? $failed++ : $ms[] = $late;
    $early += $late !== null && $late < -20 ? 1 : 0;
}
$add($G, 'a delayed task (0.3 s) taken by a waiting worker', 'taken − due (enqueue + 0.3 s)', $ms, $failed + $early, 300,
    $early ? "$early taken more than 20 ms before due" : '');

/* A reservation that lapsed (its worker holds it and does nothing) or whose worker was killed: retaken after its deadline. */
$ms = [];
$failed = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $n = "$qn:lapse$i";
    $q->enqueue($n, 'job');
    [$pid, $sock, $before, $ok] = lat_doomed_holder(fn() => (($GLOBALS['lat_kept'] = new RedisQueue($dsn))->reserve($n, 1, 0.5)['id'] ?? null) === 'job');
    if ($i % 2 === 1) {
        posix_kill($pid, SIGKILL);
    }
    $got = $ok ? $q->reserve($n, 1, 30, 5) : false;
    ($got['id'] ?? null) === 'job' ? $ms[] = (microtime(true) - $before - 0.5) * 1000 : $failed++;
    lat_kill($pid, $sock);
}
$add($G, 'a lapsed reservation or a killed worker\'s task retaken by a waiting worker', 'taken − the reservation\'s deadline (visibility 0.5 s); alternately lapsed and killed (SIGKILL)', $ms, $failed, 700);

$ms = [];
$failed = 0;
for ($i = 0; $i < $reps; $i++) {
    $t = bench_now();
    $got = $q->reserve("$qn:empty", 1, 30, 0);
    $took = (bench_now() - $t) * 1000;
    $got === false || $got === [] ? $ms[] = $took : $failed++;
}
$add($G, 'an empty reserve() with wait 0 returns', 'the call\'s time', $ms, $failed, 100);
$ms = [];
$failed = 0;
for ($i = 0; $i < $slow_reps; $i++) {
    $t = bench_now();
    $got = $q->reserve("$qn:empty", 1, 30, 0.3);
    $took = (bench_now() - $t) * 1000;
    $got === false || $got === [] ? $ms[] = $took - 300 : $failed++;
}
$add($G, 'an empty reserve() with wait 0.3 s returns after its wait', 'the call\'s time − 0.3 s', $ms, $failed, 500);

/* -- connections, topologies, bridges -- */
$G = 'connections, topologies, bridges';
$ms = [];
$failed = 0;
for ($i = 0; $i < $reps; $i++) {
    /* A port nobody listens on: bound, then closed. */
    $srv = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($srv, false), ':'), 1);
    fclose($srv);
    $t = bench_now();
    try {
        (new RedisLock(['host' => '127.0.0.1', 'port' => $port, 'connect_timeout' => 60]))->lock('x');
        $failed++;
    } catch (RedisLockException $e) {
        $ms[] = (bench_now() - $t) * 1000;
    }
}
$add($G, 'a refused connection reported', 'lock() on a closed port, connect_timeout 60 s: until its exception', $ms, $failed, 1000);

$busy_dsn = getenv('BENCH_BUSY_DSN') ?: '';
if ($busy_dsn === '') {
    $skip($G, '-BUSY surfaces', 'no server with a busy-script threshold of 100 ms (BENCH_BUSY_DSN, started by bench/run)', 500);
} else {
    $ms = [];
    $failed = 0;
    $bp = bench_dsn_parts($busy_dsn);
    $braw = new Redis();
    $braw->connect((string) $bp['host'], (int) $bp['port'], 5.0);
    $bl = new RedisLock($busy_dsn);
    $bl->lock("$base:busy:warm");
    $bl->unlock("$base:busy:warm");
    for ($i = 0; $i < $slow_reps; $i++) {
        $bs = stream_socket_client("tcp://{$bp['host']}:{$bp['port']}", $errno, $errstr, 2.0);
        $loop = 'while true do end';
        fwrite($bs, lat_resp(['EVAL', $loop, '0']));
        $deadline = bench_now() + 10;
        do {
            usleep(10000);
            try {
                $braw->ping();
                $is_busy = false;
            } catch (RedisException $e) {
                $is_busy = str_contains($e->getMessage(), 'BUSY');
            }
        } while (!$is_busy && bench_now() < $deadline);
        $t = bench_now();
        try {
            $bl->lock("$base:busy", 0, 30);
            $failed++;
        } catch (RedisLockServerException $e) {
            str_contains($e->getMessage(), 'BUSY') ? $ms[] = (bench_now() - $t) * 1000 : $failed++;
        } catch (RedisLockException $e) {
            $failed++;
        }
        try {
            $braw->rawCommand('SCRIPT', 'KILL');
        } catch (RedisException $e) {
        }
        stream_set_timeout($bs, 10);
        fgets($bs);
        fclose($bs);
    }
    $add($G, '-BUSY surfaces', 'lock() while a script runs past the server\'s 100 ms busy threshold: until its exception', $ms, $failed, 500);
}

$redlock = array_filter(explode(',', (string) getenv('BENCH_REDLOCK')));
if (!$redlock) {
    $skip($G, 'a Redlock waiter woken after unlock', 'no Redlock servers (BENCH_REDLOCK, started by bench/run)', 2000);
} else {
    $rl_opts = ['redlock' => array_map(fn(string $s): string => "redis://$s", $redlock)];
    $rholder = new RedisLock($rl_opts);
    $ms = [];
    $failed = 0;
    for ($i = 0; $i < $slow_reps; $i++) {
        $n = "$base:rl:$i";
        $rholder->lock($n, 0, 30);
        $started = 0.0;
        $late = lat_wake_rep(function () use ($rl_opts, $n) {
            $l = new RedisLock($rl_opts);
            $l->isLocked($n);
            return fn() => [$l->lock($n, 10, 30), microtime(true)];
        }, function () use (&$started): bool {
            /* Waiting on 5 servers has no count to read: 0.3 s is past its first round. */
            $started = $started ?: bench_now();
            return bench_now() - $started > 0.3;
        }, function () use ($rholder, $n): float {
            $t = microtime(true);
            $rholder->unlock($n);
            return $t;
        });
        $late === null ? $failed++ : $ms[] = $late;
    }
    foreach ($redlock as $s) {
        [$h, $p] = explode(':', $s);
        $x = new Redis();
        $x->connect($h, (int) $p);
        bench_sweep_keys($x, $base);
    }
    $add($G, 'a Redlock waiter woken after unlock', sprintf('woken − unlock, %d servers', count($redlock)), $ms, $failed, 2000);
}

$cluster = array_filter(explode(',', (string) getenv('BENCH_CLUSTER')));
if (!$cluster) {
    $skip($G, 'a waiter on the cluster woken', 'no Redis Cluster (BENCH_CLUSTER, started by bench/run)', 500);
} else {
    $c_opts = ['cluster' => $cluster];
    $csem = new RedisSemaphore($c_opts);
    $clock = new RedisLock($c_opts);
    $creader = new RedisLock($c_opts);
    $ms = [];
    $failed = 0;
    for ($i = 0; $i < $slow_reps * 2; $i++) {
        $n = "$base:c:$i";
        $sem_row = $i % 2 === 0;
        $tok = $sem_row ? $csem->acquire($n, 1, 0, 30) : ($clock->lockShared($n, 0, 30) && $creader->lockShared($n, 0, 30));
        $late = lat_wake_rep(function () use ($c_opts, $n, $sem_row) {
            $s = new RedisSemaphore($c_opts);
            $l = new RedisLock($c_opts);
            $sem_row ? $s->count($n) : $l->isLocked($n);
            return fn() => [$sem_row ? $s->acquire($n, 1, 10, 5) !== false : $l->lock($n, 10, 5), microtime(true)];
        }, fn(): bool => (($sem_row ? $csem->inspect($n) : $clock->inspect($n))['waiters'] ?? 0) >= 1,
        function () use ($sem_row, $csem, $clock, $creader, $n, $tok): float {
            if (!$sem_row) {
                $creader->unlock($n);
            }
            $t = microtime(true);
            $sem_row ? $csem->release($n, (string) $tok) : $clock->unlock($n);
            return $t;
        });
        $late === null ? $failed++ : $ms[] = $late;
    }
    $add($G, 'a waiter on the cluster woken', sprintf('a semaphore waiter after release, a writer after the readers leave, alternately; %d masters', count($cluster)), $ms, $failed, 500);
}

$sf_lock = '/usr/share/php/Symfony/Component/Lock/autoload.php';
$bridge = __DIR__ . '/../bridge/autoload.php';
if (!is_file($sf_lock) || !is_file($bridge)) {
    $skip($G, 'Symfony acquire(true) on our store gains the lock after release', 'php-symfony-lock or the bridge missing', 100);
} else {
    require_once $sf_lock;
    require_once $bridge;
    $factory = new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(new RedisLock($dsn)));
    $ms = [];
    $failed = 0;
    for ($i = 0; $i < $reps; $i++) {
        $n = "$base:sf:$i";
        $holder = $factory->createLock($n, 30);
        $holder->acquire();
        $late = lat_wake_rep(function () use ($dsn, $n) {
            $l = (new Symfony\Component\Lock\LockFactory(new RedisLock\Bridge\Symfony\RedisLockStore(new RedisLock($dsn))))->createLock($n, 30);
            return fn() => [$l->acquire(true), microtime(true)];
        }, fn() => $waiters('lock', $n) >= 1, function () use ($holder): float {
            $t = microtime(true);
            $holder->release();
            return $t;
        });
        $late === null ? $failed++ : $ms[] = $late;
    }
    $add($G, 'Symfony acquire(true) on our store gains the lock after release', 'acquired − release', $ms, $failed, 100);
}

$lv = ['/usr/share/php/Illuminate/Support/autoload.php', '/usr/share/php/Illuminate/Cache/autoload.php'];
if (count(array_filter($lv, 'is_file')) < 2 || !is_file($bridge)) {
    $skip($G, 'Laravel block() returns after release', 'php-illuminate-cache or the bridge missing', 1500);
} else {
    foreach ($lv as $f) {
        require_once $f;
    }
    require_once $bridge;
    $provider = new RedisLock\Bridge\Laravel\LockProvider(new RedisLock($dsn));
    $ms = [];
    $failed = 0;
    for ($i = 0; $i < $slow_reps; $i++) {
        $n = "$base:lv:$i";
        $holder = $provider->lock($n, 60);
        $holder->get();
        $late = lat_wake_rep(function () use ($dsn, $n) {
            $l = (new RedisLock\Bridge\Laravel\LockProvider(new RedisLock($dsn)))->lock($n, 10);
            return fn() => [$l->block(30) === true, microtime(true)];
        }, fn() => $waiters('lock', $n) >= 1, function () use ($holder): float {
            $t = microtime(true);
            $holder->release();
            return $t;
        });
        $late === null ? $failed++ : $ms[] = $late;
    }
    $add($G, 'Laravel block() returns after release', 'returned − release', $ms, $failed, 1500);
}

$sf_rl = array_map(fn(string $p): string => "/usr/share/php/Symfony/Component/$p/autoload.php", ['RateLimiter', 'OptionsResolver']);
if (count(array_filter($sf_rl, 'is_file')) < 2 || !is_file($bridge)) {
    $skip($G, 'the Symfony limiter\'s reserve refusal', 'php-symfony-rate-limiter or the bridge missing', 50);
} else {
    foreach ($sf_rl as $f) {
        require_once $f;
    }
    $rf = new RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory(['id' => "$base:sfrl", 'policy' => 'fixed_window',
        'limit' => 2, 'interval' => '1 second'], new RedisRateLimiter($dsn));
    $ms = $ms2 = [];
    $failed = $failed2 = 0;
    for ($i = 0; $i < $reps; $i++) {
        $limiter = $rf->create("r$i");
        $limiter->consume(2);
        $t = bench_now();
        try {
            $limiter->reserve(1, 0.05);
            $failed++;
        } catch (Symfony\Component\RateLimiter\Exception\MaxWaitDurationExceededException $e) {
            $ms[] = (bench_now() - $t) * 1000;
        }
        $res = $rf->create("w$i")->reserve(1);
        $t = bench_now();
        $res->wait();
        $ms2[] = (bench_now() - $t) * 1000;
    }
    $add($G, 'the Symfony limiter\'s reserve refusal (reserve(1, 0.05) on a full window)', 'until MaxWaitDurationExceededException', $ms, $failed, 50);
    $add($G, 'the Symfony limiter\'s wait() with nothing left to wait', 'the call\'s time', $ms2, $failed2, 10);
}

echo "### 5. Wake-ups, waits and prompt answers\n\n";
printf("Each row one kind of promise on time that the test suite used to hold with a wall-clock bound, measured over "
    . "repetitions on the benchmark's server (and, for the Redlock, cluster and busy-script rows, servers of their own that "
    . "`bench/run` starts): the figure per repetition in ms, its median, p99 (nearest rank) and worst. The target is "
    . "the tightest bound a test of the row's kind held; the test names per row are in the method page's table. A waiter "
    . "is a forked process with its own connection, released once the server counts it waiting (a lock's or semaphore's "
    . "`inspect()` waiters, a queue's `blocked_clients`; a Redlock waiter after 0.3 s); a lateness is taken from microtime "
    . "just before the releasing call, in two processes of this host. Nothing here runs at a raised priority. "
    . "\"failed\": repetitions that gave no figure (the call did not return what it should) and count as a miss.\n\n");
$rows = [];
foreach ($wake_rows as $w) {
    $d = lat_dist($w['ms']);
    $over = lat_over($w['ms'], $w['target']);
    $measured = $w['note'] !== 'not measured';
    $met = $measured && $w['ms'] && $over === 0 && $w['failed'] === 0;
    $rows[] = [$w['group'], $w['row'], $w['what'], $measured ? (string) count($w['ms']) : '–',
        $measured ? lat_ms($d['median']) : '–', $measured ? lat_ms($d['p99']) : '–', $measured ? lat_ms($d['worst']) : '–',
        $measured ? (string) $over : '–', (string) $w['failed'],
        '< ' . bench_fixed($w['target'], 0) . ' ms', $measured ? ($met ? 'met' : 'missed') . ($w['note'] !== '' ? " ({$w['note']})" : '') : 'not measured'];
    $promises[] = [
        'promise' => $w['row'], 'what' => $w['what'], 'dist' => $d, 'over' => $over,
        'target' => '< ' . bench_fixed($w['target'], 0) . ' ms',
        'met' => $met, 'note' => $measured ? ($w['failed'] ? "{$w['failed']} failed; " : '') . ($w['note'] !== '' ? $w['note'] . '; ' : '') : 'not measured: ' . $w['what'] . '; ',
    ];
}
bench_table(['group', 'promise', 'figure', 'count', 'median ms', 'p99 ms', 'worst ms', 'over the target', 'failed', 'target', 'met'],
    $rows, [3, 4, 5, 6, 7, 8]);


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
