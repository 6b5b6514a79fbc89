<?php
/* The framework adapters, each through its framework's own API, against that
 * framework's own Redis store, on one server in one run:
 *
 *   Symfony: LockFactory(new RedisLockStore(new RedisLock(...))) against
 *            LockFactory(new Symfony\Component\Lock\Store\RedisStore($phpredis));
 *   Laravel: RedisLock\Bridge\Laravel\LockProvider over a RedisLock against
 *            Illuminate\Cache\RedisStore::lock() (a PhpRedisLock on a
 *            PhpRedisConnection, the class Laravel's cache gives with phpredis).
 *
 *   1. lock cycles/s, 1 and 8 processes, each process on a name of its own
 *      (Symfony: createLock + acquire() + release(); Laravel: lock() + get() + release());
 *   2. what one uncontended cycle sends, seen by MONITOR;
 *   3. waits: 8 processes on one name, 1 ms hold, symfony acquire(true) and
 *      Laravel block($seconds, $callback): p50 / p99 / max, and how a waiter waits;
 *   4. the locks Laravel takes itself (bench/frameworks_laravel.php): how long a
 *      SIGKILLed holder's scheduler mutex and WithoutOverlapping key stay locked,
 *      and Cache::funnel() with 8 processes on limit 3, our store against
 *      Laravel's redis store.
 *
 * Workers are forked, connected and warmed up first, released together by a start
 * barrier over socket pairs (which costs the server nothing), and stay alive until
 * every worker has reported: a PHP process's exit costs CPU that would land in the
 * timings of the others. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';
require __DIR__ . '/frameworks_laravel.php';

const SYMFONY_LOCK_AUTOLOAD = '/usr/share/php/Symfony/Component/Lock/autoload.php';
const ILLUMINATE_CACHE_AUTOLOAD = '/usr/share/php/Illuminate/Cache/autoload.php';
const ILLUMINATE_REDIS_AUTOLOAD = '/usr/share/php/Illuminate/Redis/autoload.php';
const BRIDGE_AUTOLOAD = __DIR__ . '/../bridge/autoload.php';

const PROCESS_COUNTS = [1, 8];
const ROUNDS = 3;                 // interleaved rounds per throughput row
const ROUND_S = 1.0;              // measured time per round at scale 1 (times the scale)
const MAX_CYCLES = 1000000;       // and at most this many cycles per worker and round
const WARMUP = 20;                // cycles per worker before the start signal, on a name of its own
const LOCK_TTL_S = 10;            // the lock's lifetime, every implementation (symfony: createLock ttl; Laravel: $seconds)
const WAIT_PROCESSES = 8;
const WAIT_ACQUISITIONS = 100;    // per process at scale 1
const HOLD_US = 1000;             // the critical section of the wait measurement: usleep(1000)
const TIMEOUT_S = 30;             // how long one blocking acquisition may wait (every implementation)
const WAIT_CAP_S = 20;            // the wait measurement takes no new acquisition after this long (times the scale above 1)
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;               // SIGALRM ends a worker this long after its budget, whatever happens
const SYMFONY_RETRY_MS = [90, 110];   // symfony's Lock::acquire(true) on a non-blocking store: usleep((100 + random_int(-10, 10)) * 1000)
const LARAVEL_SLEEP_MS = 250;         // Illuminate\Cache\Lock::block(): usleep($this->sleepMilliseconds * 1000), 250 by default
const LONG_WAIT_MS = 50;              // a wait longer than this counts as long: every polled retry sleeps at least 90 ms

const SF_RL = 'RedisLockStore (redislock)';
const SF_PEER = 'symfony RedisStore (phpredis)';
const LV_RL = 'LockProvider (redislock)';
const LV_PEER = 'Laravel RedisStore / PhpRedisLock (phpredis)';
const FRAMEWORKS = ['Symfony' => [SF_RL, SF_PEER], 'Laravel' => [LV_RL, LV_PEER]];
const SLUGS = [SF_RL => 'srl', SF_PEER => 'ssf', LV_RL => 'lrl', LV_PEER => 'llv'];
/** The peers' attempt: the one command each failed try of a polling waiter sends. */
const ATTEMPT_COMMAND = [SF_PEER => 'eval', LV_PEER => 'set'];

/* ---- the implementations ------------------------------------------------------------ */

// What each implementation needs (bench/lib/needs.php). The adapters are checked
// only once their framework is loaded (their files name its interfaces).
bench_needs(SF_RL, [SYMFONY_LOCK_AUTOLOAD => 'php-symfony-lock']);
bench_needs(SF_PEER, [SYMFONY_LOCK_AUTOLOAD => 'php-symfony-lock']);
foreach ([LV_RL, LV_PEER] as $label) {
    bench_needs($label, [ILLUMINATE_CACHE_AUTOLOAD => 'php-illuminate-cache', ILLUMINATE_REDIS_AUTOLOAD => 'php-illuminate-redis']);
}
foreach ([SF_RL => 'RedisLock\\Bridge\\Symfony\\RedisLockStore', LV_RL => 'RedisLock\\Bridge\\Laravel\\LockProvider'] as $label => $class) {
    bench_needs($label, [], function () use ($class): ?string {
        if (is_file(BRIDGE_AUTOLOAD)) {
            require_once BRIDGE_AUTOLOAD;
        }
        return class_exists($class) ? null : "adapter not available: $class not found (bridge/src)";
    });
}

/** Loads what every implementation needs that is here, before forking, so that every worker has the classes already. */
function load_implementations(): void
{
    foreach (array_merge(...array_values(FRAMEWORKS)) as $label) {
        unavailable($label);
    }
    if (is_file(BRIDGE_AUTOLOAD)) {
        require_once BRIDGE_AUTOLOAD;
    }
}

/**
 * Connects one implementation (its own connection) and returns its two uses, each
 * creating the framework's lock object as application code does:
 *   cycle($name): take the lock without waiting, release it; whether both succeeded;
 *   wait($name, $critical): take the lock waiting up to TIMEOUT_S, call $critical
 *   while holding it, release it; whether that succeeded.
 *
 * @return array{cycle: callable(string): bool, wait: callable(string, callable): bool}
 */
function make_impl(string $label): array
{
    switch ($label) {
        case SF_RL:
        case SF_PEER:
            $store = $label === SF_RL
                ? new RedisLock\Bridge\Symfony\RedisLockStore(new RedisLock(bench_dsn()), 300.0, TIMEOUT_S)
                : new Symfony\Component\Lock\Store\RedisStore(bench_phpredis());
            $factory = new Symfony\Component\Lock\LockFactory($store);
            return [
                'cycle' => function (string $name) use ($factory): bool {
                    $lock = $factory->createLock($name, LOCK_TTL_S);
                    if (!$lock->acquire()) {
                        return false;
                    }
                    try {
                        $lock->release();
                    } catch (Symfony\Component\Lock\Exception\LockReleasingException $e) {
                        return false;
                    }
                    return true;
                },
                // Blocking: RedisLockStore is a BlockingStoreInterface (waitAndSave() waits on the
                // server); symfony's RedisStore is not, so Lock::acquire(true) retries save() every 90-110 ms.
                'wait' => function (string $name, callable $critical) use ($factory): bool {
                    $lock = $factory->createLock($name, LOCK_TTL_S);
                    try {
                        $lock->acquire(true);
                    } catch (Symfony\Component\Lock\Exception\LockConflictedException $e) {
                        return false;
                    }
                    $critical();
                    try {
                        $lock->release();
                    } catch (Symfony\Component\Lock\Exception\LockReleasingException $e) {
                        return false;
                    }
                    return true;
                },
            ];

        case LV_RL:
        case LV_PEER:
            if ($label === LV_RL) {
                $provider = new RedisLock\Bridge\Laravel\LockProvider(new RedisLock(bench_dsn()));
            } else {
                // The cache store Laravel builds for the "redis" driver (prefix '' here), its Redis
                // factory a minimal one returning one PhpRedisConnection, as the RedisManager does.
                $conn = new Illuminate\Redis\Connections\PhpRedisConnection(bench_phpredis());
                $redis = new class ($conn) implements Illuminate\Contracts\Redis\Factory {
                    public function __construct(private Illuminate\Redis\Connections\PhpRedisConnection $conn)
                    {
                    }

                    public function connection($name = null)
                    {
                        return $this->conn;
                    }
                };
                $provider = new Illuminate\Cache\RedisStore($redis, '', 'default');
            }
            return [
                'cycle' => function (string $name) use ($provider): bool {
                    $lock = $provider->lock($name, LOCK_TTL_S);
                    if (!$lock->get()) {
                        return false;
                    }
                    return (bool) $lock->release();
                },
                // block(): Laravel's own retries acquire() every 250 ms; the adapter's waits on the server.
                'wait' => function (string $name, callable $critical) use ($provider): bool {
                    try {
                        return $provider->lock($name, LOCK_TTL_S)->block(TIMEOUT_S, function () use ($critical): bool {
                            $critical();
                            return true;
                        }) === true;
                    } catch (Illuminate\Contracts\Cache\LockTimeoutException $e) {
                        return false;
                    }
                },
            ];
    }
    throw new LogicException("unknown implementation $label");
}

/* ---- 1. throughput -------------------------------------------------------------------------- */

/** One round of one row: $n processes, each on a lock name of its own, doing cycles for $window_s. */
function throughput_round(Redis $r, string $label, string $base, int $n, float $window_s): array
{
    return bench_cycles_round('frameworks', $r, $n, $window_s, $window_s + TIMEOUT_S, function (int $wid) use ($label, $base): callable {
        $cycle = make_impl($label)['cycle'];
        for ($i = 0; $i < WARMUP; $i++) {
            $cycle("$base:warm-$wid");   // connected, scripts loaded, symfony's one-time TIME check done
        }
        $name = "$base:p$wid";
        return fn(): bool => $cycle($name);
    }, MAX_CYCLES);
}

/** Rows label => [n => figures], ROUNDS rounds per row, the order rotating from round to round. */
function throughput_table(Redis $r, string $base, array $labels, float $round_s): array
{
    $acc = [];
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach (PROCESS_COUNTS as $n) {
            $order = bench_rotated($labels, $round);
            foreach ($order as $label) {
                if (unavailable($label) !== null) {
                    continue;
                }
                $name = sprintf('%s:%sn%d', $base, SLUGS[$label], $n);
                $acc[$label][$n][] = throughput_round($r, $label, $name, $n, $round_s);
                bench_sweep_keys($r, $name);
            }
        }
    }
    $rows = [];
    foreach ($acc as $label => $by_n) {
        foreach ($by_n as $n => $runs) {
            $rows[$label][$n] = bench_rounds_row($runs);
        }
    }
    return $rows;
}

/* ---- 2. what one cycle sends: MONITOR ----------------------------------------------------- */

/**
 * One uncontended cycle of each implementation as the server sees it: the commands
 * the client sent, in order, the size of their requests in RESP, and the commands
 * its scripts ran. Each implementation is warmed up first (scripts loaded, one-time
 * checks done), then its one cycle is framed by two ECHO markers of the harness.
 */
function monitor_cycles(Redis $r, string $base, array $labels): array
{
    $impls = [];
    foreach ($labels as $label) {
        if (unavailable($label) === null) {
            $impls[$label] = make_impl($label)['cycle'];
            for ($i = 0; $i < 3; $i++) {
                $impls[$label]("$base:mon:" . SLUGS[$label]);
            }
        }
    }
    $mon = monitor_open();
    $ok = [];
    try {
        foreach ($impls as $label => $cycle) {
            $r->echo('fbench-begin ' . SLUGS[$label]);
            $ok[$label] = $cycle("$base:mon:" . SLUGS[$label]);
            $r->echo('fbench-end ' . SLUGS[$label]);
        }
        $r->echo('fbench-done');
        $seen = [];
        $current = null;
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline && ($line = fgets($mon)) !== false) {
            if (!preg_match('/^\+?\d+\.\d+ \[\d+ ([^\]]+)\] (.*)$/s', rtrim($line, "\r\n"), $m)) {
                continue;
            }
            $args = monitor_args($m[2]);
            if (!$args) {
                continue;
            }
            if (strtoupper($args[0]) === 'ECHO' && isset($args[1]) && str_starts_with($args[1], 'fbench-')) {
                $parts = explode(' ', $args[1]);
                if ($parts[0] === 'fbench-done') {
                    break;
                }
                $current = $parts[0] === 'fbench-begin' ? array_search($parts[1], SLUGS, true) : null;
                continue;
            }
            if ($current === null || $current === false) {
                continue;
            }
            $resp = strlen('*' . count($args) . "\r\n");
            foreach ($args as $a) {
                $resp += strlen('$' . strlen($a) . "\r\n") + strlen($a) + 2;
            }
            $seen[$current][] = ['cmd' => strtoupper($args[0]), 'lua' => $m[1] === 'lua', 'bytes' => $resp];
        }
    } finally {
        fclose($mon);
    }
    $out = [];
    foreach ($impls as $label => $_) {
        $sent = $inner = [];
        $bytes = 0;
        foreach ($seen[$label] ?? [] as $c) {
            if ($c['lua']) {
                $inner[$c['cmd']] = ($inner[$c['cmd']] ?? 0) + 1;
            } else {
                $sent[] = $c['cmd'];
                $bytes += $c['bytes'];
            }
        }
        $out[$label] = ['sent' => $sent, 'bytes' => $bytes, 'inner' => $inner, 'ok' => $ok[$label] ?? false];
    }
    return $out;
}

/** "EVAL ×3" / "SET, EVAL": the commands sent in one cycle, runs of one command collapsed. */
function sent_text(array $sent): string
{
    $parts = [];
    foreach ($sent as $cmd) {
        $last = count($parts) - 1;
        if ($last >= 0 && $parts[$last][0] === $cmd) {
            $parts[$last][1]++;
        } else {
            $parts[] = [$cmd, 1];
        }
    }
    return $parts ? implode(', ', array_map(fn($p) => $p[0] . ($p[1] > 1 ? ' ×' . $p[1] : ''), $parts)) : 'nothing';
}

/* ---- 3. waits under contention ------------------------------------------------------------------- */

function wait_run(Redis $r, string $label, string $name, int $iterations, float $cap_s): array
{
    return bench_wait_rounds('frameworks', $r, WAIT_PROCESSES, $cap_s, $cap_s + TIMEOUT_S, $name, $iterations, WARMUP, HOLD_US, 1,
        fn (int $wid): callable => make_impl($label)['wait']);
}

/** "12 of 800": the acquisitions that waited longer than LONG_WAIT_MS. */
function long_waits(array $w): string
{
    return sprintf('%d of %d', count(array_filter($w['waits'], fn(float $ms): bool => $ms > LONG_WAIT_MS)), $w['n']);
}

/**
 * How a waiter waited, from the server's command counts. redislock: the blocking
 * commands per acquisition (it waits on the server, no polling). A peer: its failed
 * attempts (each sends one ATTEMPT_COMMAND more than an uncontended cycle does, as
 * measured by the 1-process throughput row) and the wait time per failed attempt:
 * its observed polling interval.
 */
function waiting_how(string $label, array $w, ?array $uncontended): array
{
    $n = max(1, $w['n']);
    if (!isset(ATTEMPT_COMMAND[$label])) {
        $blocking = 0;
        foreach (['blpop', 'brpop', 'blmove', 'bzpopmin', 'blmpop', 'bzmpop'] as $b) {
            $blocking += $w['commands'][$b] ?? 0;
        }
        return ['text' => sprintf('on the server: %s blocking commands (BLPOP …) per acquisition, no polling', bench_fixed($blocking / $n, 2)),
            'retries' => null, 'interval_ms' => null, 'blocking' => $blocking / $n];
    }
    $cmd = ATTEMPT_COMMAND[$label];
    if ($uncontended === null || !$uncontended['ops']) {
        return ['text' => 'polls (uncontended row missing: attempts not counted)', 'retries' => null, 'interval_ms' => null, 'blocking' => 0.0];
    }
    $per_cycle = ($uncontended['commands'][$cmd] ?? 0) / $uncontended['ops'];
    $retries = max(0.0, ($w['commands'][$cmd] ?? 0) - $per_cycle * $w['n']);
    $interval = $retries > 0 ? array_sum($w['waits']) / $retries : NAN;
    $code = $label === LV_PEER ? sprintf('usleep(%d ms)', LARAVEL_SLEEP_MS)
        : sprintf('usleep(%d–%d ms)', SYMFONY_RETRY_MS[0], SYMFONY_RETRY_MS[1]);
    return ['text' => sprintf('polls: %s failed attempts (%s) per acquisition, one per %s ms of wait; its code sleeps %s between attempts',
        bench_fixed($retries / $n, 2), strtoupper($cmd), bench_fixed($interval, 1), $code),
        'retries' => $retries / $n, 'interval_ms' => is_finite($interval) ? $interval : null, 'blocking' => 0.0];
}

/* ---- the run ---------------------------------------------------------------------------------- */

load_implementations();
$labels = [SF_RL, SF_PEER, LV_RL, LV_PEER];
foreach ($labels as $label) {
    if (($why = unavailable($label)) !== null) {
        fwrite(STDERR, "$label: $why\n");
    }
}
$base = bench_name('fw');
$r = bench_phpredis();
$round_s = ROUND_S * bench_scale();
$iterations = bench_n(WAIT_ACQUISITIONS, 5);
$cap_s = WAIT_CAP_S * max(1.0, bench_scale());
$waits = [];
$mon = [];
$mon_error = null;
try {
    $rows = throughput_table($r, $base, $labels, $round_s);
    foreach ($labels as $label) {
        if (unavailable($label) === null) {
            $waits[$label] = wait_run($r, $label, "$base:w" . SLUGS[$label], $iterations, $cap_s);
        }
    }
    try {
        $mon = monitor_cycles($r, $base, $labels);
    } catch (Throwable $e) {
        $mon_error = $e->getMessage();
    }
    $laravel_app_why = unavailable(LARAVEL_APP);
    $killed = $funnel = [];
    $funnel_iterations = bench_n(FUNNEL_ACQUISITIONS, 5);
    if ($laravel_app_why === null) {
        $killed = laravel_killed_holder_rows($r, $base);
        $funnel = laravel_funnel_rows($r, $base, $funnel_iterations, $cap_s);
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
    $left = bench_sweep_keys($r, $base);
}

$cpus = cpu_count();
$ms = fn(float $v): string => bench_fixed($v, 3);
$q = fn(array $v, float $p): float => bench_quantile($v, $p);

echo "## Framework adapters: lock cycles through the framework's API\n\n";
printf("Each process (forked, own connection, %d warm-up cycles, released together by a start barrier) takes and releases "
    . "a lock name of its own for %.1f s per round, %d interleaved rounds per row, as application code does: Symfony "
    . "`\$factory->createLock(\$name, %d)`, `acquire()`, `release()` on a `LockFactory` over the store (acquire() with a ttl "
    . "also calls the store's putOffExpiration()); Laravel `\$provider->lock(\$name, %d)`, `get()`, `release()` "
    . "(`RedisLock\\Bridge\\Laravel\\LockProvider` over a `RedisLock`; Laravel's `Illuminate\\Cache\\RedisStore::lock()`, which "
    . "gives a `PhpRedisLock` on a `PhpRedisConnection`). cycles/s = all processes' cycles ÷ wall time (start signal → last "
    . "process done), over all rounds; µs/cycle per process = processes ÷ cycles/s, range over the rounds. Redis CPU = "
    . "used_cpu_sys + used_cpu_user of INFO cpu ÷ cycles; commands from INFO commandstats (\"all\" counts the commands run "
    . "inside scripts too); bytes = total_net_input_bytes / total_net_output_bytes of INFO stats ÷ cycles. "
    . "\"redislock ÷ this\" compares the rows of one framework at the same process count. %d CPUs.\n\n",
    WARMUP, $round_s, ROUNDS, LOCK_TTL_S, LOCK_TTL_S, $cpus);
$out = [];
foreach (FRAMEWORKS as $fw => [$rl_label, $peer_label]) {
    foreach (PROCESS_COUNTS as $n) {
        $rl = $rows[$rl_label][$n] ?? null;
        foreach ([$rl_label, $peer_label] as $label) {
            $row = $rows[$label][$n] ?? null;
            if (($why = unavailable($label)) !== null || $row === null) {
                $out[] = [$fw, $label, (string) $n, $why ?? 'not measured', '', '', '', '', '', '', ''];
                continue;
            }
            $out[] = [
                $fw, $label, (string) $n, bench_rate($row['rate']),
                bench_fixed($row['spread'][1] > 0 ? 1e6 * $n / $row['spread'][1] : NAN, 1) . ' – '
                    . bench_fixed($row['spread'][0] > 0 ? 1e6 * $n / $row['spread'][0] : NAN, 1),
                $label === $rl_label ? '1.00x' : ($rl ? bench_ratio($rl['rate'] / $row['rate']) : 'n/a'),
                bench_fixed($row['cpu_per_op'], 1), bench_fixed($row['scripts_per_op'], 2), bench_fixed($row['all_per_op'], 1),
                number_format($row['in_per_op'], 0) . ' / ' . number_format($row['out_per_op'], 0),
                bench_row_check($row),
            ];
        }
    }
}
bench_table(['framework', 'implementation', 'processes', 'cycles/s', 'µs/cycle per process, per-round range',
    'redislock ÷ this (cycles/s)', 'Redis CPU µs/cycle', 'scripts (EVAL/EVALSHA) per cycle', 'all commands per cycle',
    'bytes to / from Redis per cycle', 'check'], $out, [2, 3, 4, 5, 6, 7, 8, 9]);

echo "### What one uncontended cycle sends\n\n";
echo "Seen by `MONITOR` on one cycle of each implementation, after 3 warm-up cycles on the same name (scripts loaded, "
    . "symfony's one-time TIME check done): the commands the client sent, in order, the size of those requests in RESP "
    . "(what the client writes; replies not counted), and the commands its scripts ran.\n\n";
$out = [];
foreach (FRAMEWORKS as $fw => $pair) {
    foreach ($pair as $label) {
        if (($why = unavailable($label)) !== null || !isset($mon[$label])) {
            $out[] = [$fw, $label, $why ?? ('not measured' . ($mon_error !== null ? ": $mon_error" : '')), '', ''];
            continue;
        }
        $m = $mon[$label];
        $inner = [];
        foreach ($m['inner'] as $cmd => $k) {
            $inner[] = $cmd . ($k > 1 ? " ×$k" : '');
        }
        $out[] = [$fw, $label, sent_text($m['sent']) . ($m['ok'] ? '' : ' (the cycle FAILED)'), number_format($m['bytes']),
            $inner ? implode(', ', $inner) : 'none'];
    }
}
bench_table(['framework', 'implementation', 'commands sent per cycle', 'request bytes', 'run inside scripts'], $out, [3]);

echo "## Framework adapters: waits on one lock\n\n";
printf("%d processes (forked, own connection, warmed up, released together) each take one lock name %d times, hold it for "
    . "usleep(%d) and release it, waiting up to %d s each time: Symfony `createLock(\$name, %d)->acquire(true)` … `release()` "
    . "(RedisLockStore waits on the server: it is a BlockingStoreInterface; symfony's RedisStore is not, so its Lock retries "
    . "save() every %d–%d ms); Laravel `lock(\$name, %d)->block(%d, \$callback)` (Laravel's Lock retries acquire() every %d ms; "
    . "the adapter's block() waits on the server). Wait = from the start of the call to the start of the critical section. "
    . "Most holders at once is computed from the critical sections' own start and end times: 1 for a lock. A peer's failed "
    . "attempts are the commands its tries send beyond an uncontended cycle's (INFO commandstats), and its observed polling "
    . "interval is the total wait ÷ those. The run takes no new acquisition after %d s (CAPPED).\n\n",
    WAIT_PROCESSES, $iterations, HOLD_US, TIMEOUT_S, LOCK_TTL_S, SYMFONY_RETRY_MS[0], SYMFONY_RETRY_MS[1], LOCK_TTL_S,
    TIMEOUT_S, LARAVEL_SLEEP_MS, (int) $cap_s);
$out = [];
$how = [];
foreach (FRAMEWORKS as $fw => [$rl_label, $peer_label]) {
    $rlw = $waits[$rl_label] ?? null;
    foreach ([$rl_label, $peer_label] as $label) {
        $x = $waits[$label] ?? null;
        if (($why = unavailable($label)) !== null || $x === null) {
            $out[] = [$fw, $label, $why ?? 'not measured', '', '', '', '', '', '', '', '', '', '', ''];
            continue;
        }
        $how[$label] = waiting_how($label, $x, $rows[$label][1] ?? null);
        $ratio = function (float $p) use ($rlw, $x, $q, $label, $rl_label): string {
            if ($label === $rl_label) {
                return '1.00x';
            }
            if ($rlw === null) {
                return 'n/a';
            }
            $a = $q($rlw['waits'], $p);
            $b = $q($x['waits'], $p);
            return $a > 0 && $b > 0 ? bench_ratio($a / $b) : 'n/a';
        };
        $out[] = [
            $fw, $label,
            WAIT_PROCESSES . ' × ' . $iterations . ($x['capped'] ? sprintf(' (CAPPED: %d done)', $x['n']) : ''),
            $ms($q($x['waits'], 0.5)), $ms($q($x['waits'], 0.99)), $ms($x['waits'] ? max($x['waits']) : NAN),
            $ratio(0.5), $ratio(0.99), $ms($x['hold']), bench_rate($x['rate']),
            bench_fixed($x['scripts_per_op'], 2) . ' / ' . bench_fixed($x['all_per_op'], 1),
            long_waits($x), (string) $x['most'], $x['problems'] ? implode('; ', $x['problems']) : 'ok',
        ];
    }
}
bench_table(['framework', 'implementation', 'processes × acquisitions', 'wait p50, ms', 'wait p99, ms', 'wait max, ms',
    'redislock ÷ this, p50', 'redislock ÷ this, p99', 'mean hold, ms', 'acquisitions/s', 'scripts / all commands per acquisition',
    'waits > ' . LONG_WAIT_MS . ' ms', 'most holders at once', 'check'], $out, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
foreach ($how as $label => $h) {
    printf("- %s waits %s\n", $label, $h['text']);
}
echo "\n";

echo "## Laravel: the locks the framework takes\n\n";
echo "### A killed holder's key\n\n";
printf("A process of a Laravel application (container, CacheManager; the cache contract bound to the store) holds the lock "
    . "and is SIGKILLed inside it: the scheduler's mutex of a foreground `withoutOverlapping()` event, taken by "
    . "`CallbackEvent::run()` as `schedule:run` runs it (expiresAt: 1440 minutes, Laravel's default), and the "
    . "`WithoutOverlapping` job middleware's key (no expireAfter, the default), taken by its `handle()`. Freed = from the "
    . "SIGKILL until the key is gone from Redis, watched every 10 ms for up to %d s; a key still there then shows its TTL. "
    . "Our store with the default lease (10 s).\n\n", KILL_WAIT_S);
$out = [];
if ($laravel_app_why !== null) {
    $out[] = ['both', 'both', $laravel_app_why, ''];
}
foreach ($killed as $k) {
    $out[] = [$k['what'] === 'scheduler' ? 'scheduler mutex (foreground withoutOverlapping())' : 'WithoutOverlapping middleware',
        $k['store'] === 'locks' ? LV_APP_RL : LV_APP_PEER,
        $k['problem'] ?? ($k['freed'] !== null ? sprintf('%.2f s after the kill', $k['freed'])
            : sprintf('still locked %.1f s after the kill', $k['watched'])),
        laravel_ttl_text($k['ttl'])];
}
bench_table(['lock', 'store', 'freed', 'TTL left then'], $out, [2, 3]);

laravel_funnel_table($laravel_app_why, $funnel, $funnel_iterations);

// The ratios, each adapter against its framework's own store.
echo "Each adapter against its framework's own Redis store (redislock ÷ peer; no targets):\n\n";
$v = fn(float $x): ?float => is_finite($x) ? $x : null;
$record = ['processes' => WAIT_PROCESSES, 'iterations' => $iterations, 'hold_ms' => HOLD_US / 1000, 'long_ms' => LONG_WAIT_MS, 'frameworks' => []];
foreach (FRAMEWORKS as $fw => [$rl_label, $peer_label]) {
    $fr = ['rl_label' => $rl_label, 'peer_label' => $peer_label, 'rl_unavailable' => unavailable($rl_label),
        'peer_unavailable' => unavailable($peer_label), 'throughput' => [], 'waits' => null, 'sends' => null];
    foreach (PROCESS_COUNTS as $n) {
        $rl = $rows[$rl_label][$n] ?? null;
        $p = $rows[$peer_label][$n] ?? null;
        $fr['throughput'][$n] = [
            'rl' => $rl ? $v($rl['rate']) : null, 'rl_ok' => $rl !== null && bench_row_check($rl) === 'ok',
            'peer' => $p ? $v($p['rate']) : null, 'peer_ok' => $p !== null && bench_row_check($p) === 'ok',
        ];
        if ($p === null) {
            continue;
        }
        if ($rl === null) {
            printf("- %s, %d process%s, cycles/s: %s; %s %s\n", $fw, $n, $n > 1 ? 'es' : '',
                unavailable($rl_label) ?? 'redislock not measured', $peer_label, bench_rate($p['rate']));
            continue;
        }
        printf("- %s, %d process%s, cycles/s: %s ÷ %s = %s%s\n", $fw, $n, $n > 1 ? 'es' : '', bench_rate($rl['rate']),
            bench_rate($p['rate']), bench_ratio($rl['rate'] / $p['rate']),
            bench_row_check($rl) === 'ok' && bench_row_check($p) === 'ok' ? '' : ' (a check failed, see above)');
    }
    $rlw = $waits[$rl_label] ?? null;
    $pw = $waits[$peer_label] ?? null;
    if ($pw !== null) {
        $fr['waits'] = [
            'rl' => $rlw === null ? null : ['p50' => $v($q($rlw['waits'], 0.5)), 'p99' => $v($q($rlw['waits'], 0.99)), 'ok' => !$rlw['problems'],
                'max' => $rlw['waits'] ? max($rlw['waits']) : null, 'long' => long_waits($rlw)],
            'peer' => ['p50' => $v($q($pw['waits'], 0.5)), 'p99' => $v($q($pw['waits'], 0.99)), 'ok' => !$pw['problems'],
                'max' => $pw['waits'] ? max($pw['waits']) : null, 'long' => long_waits($pw),
                'retries' => $how[$peer_label]['retries'] ?? null, 'interval_ms' => $how[$peer_label]['interval_ms'] ?? null],
        ];
        foreach ([[0.5, 'p50'], [0.99, 'p99']] as [$p, $name]) {
            if ($rlw === null) {
                printf("- %s, wait %s: %s; %s %s ms\n", $fw, $name, unavailable($rl_label) ?? 'redislock not measured',
                    $peer_label, $ms($q($pw['waits'], $p)));
                continue;
            }
            printf("- %s, wait %s with %d processes on one lock: %s ms ÷ %s ms = %s%s\n", $fw, $name, WAIT_PROCESSES,
                $ms($q($rlw['waits'], $p)), $ms($q($pw['waits'], $p)),
                bench_ratio($q($rlw['waits'], $p) / $q($pw['waits'], $p)),
                !$rlw['problems'] && !$pw['problems'] ? '' : ' (a check failed, see above)');
        }
        printf("- %s, waits over %d ms (a polling waiter that lost the race at least once; whether the p99 catches them "
            . "depends on how many there are): redislock %s, max %s ms; peer %s, max %s ms\n", $fw, LONG_WAIT_MS,
            $rlw === null ? 'n/a' : long_waits($rlw), $rlw === null ? 'n/a' : $ms($rlw['waits'] ? max($rlw['waits']) : NAN),
            long_waits($pw), $ms($pw['waits'] ? max($pw['waits']) : NAN));
    }
    $sends = [];
    foreach ([$rl_label => 'rl', $peer_label => 'peer'] as $label => $side) {
        if (isset($mon[$label])) {
            $one = $rows[$label][1] ?? null;
            $sends[$side] = ['sent' => sent_text($mon[$label]['sent']), 'bytes' => $mon[$label]['bytes'],
                'in_per_op' => $one ? $v($one['in_per_op']) : null];
        }
    }
    $fr['sends'] = $sends;
    if (isset($sends['rl'], $sends['peer'])) {
        printf("- %s, one uncontended cycle sends: redislock %s (%s B), peer %s (%s B): %s the bytes\n", $fw, $sends['rl']['sent'],
            number_format($sends['rl']['bytes']), $sends['peer']['sent'], number_format($sends['peer']['bytes']),
            bench_ratio($sends['rl']['bytes'] / max(1, $sends['peer']['bytes'])));
    }
    $record['frameworks'][$fw] = $fr;
}
printf("\nKeys of the run deleted at the end: %d; left: %d (the per-slot fencing counters of redislock, shared by every lock, stay).\n\n",
    $swept, $left);
bench_record('frameworks', $record);
