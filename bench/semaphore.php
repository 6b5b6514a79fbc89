<?php
/* Semaphores: redislock's RedisSemaphore against Laravel's Redis::funnel()
 * (Illuminate\Redis\Limiters\ConcurrencyLimiter, the real classes of Debian's
 * php-illuminate-redis over phpredis through PhpRedisConnection) and
 * symfony/semaphore (the real Semaphore, SemaphoreFactory and Key on its
 * RedisStore over phpredis), on one server in one run.
 *
 *   1. acquire + release cycles/s, 1 and 8 processes on one shared semaphore name:
 *      with limit 1000 (nobody waits) and with limit 3 (8 processes contend);
 *   2. wait times under contention: 8 processes, limit 3, each holding its permit
 *      for 2 ms, a fixed number of acquisitions each: p50 / p99 / max wait.
 *
 * Workers are forked, connected and warmed up first, released together by a start
 * barrier over socket pairs (which costs the server nothing), and stay alive until
 * every worker has reported: a PHP process's exit costs CPU that would land in the
 * timings of the others. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const SYMFONY_SEMAPHORE_AUTOLOAD = '/usr/share/php/Symfony/Component/Semaphore/autoload.php';
const ILLUMINATE_REDIS_AUTOLOAD = '/usr/share/php/Illuminate/Redis/autoload.php';

const PROCESS_COUNTS = [1, 8];
const FREE_LIMIT = 1000;          // limit of the throughput table without contention
const BUSY_LIMIT = 3;             // limit of the contended tables
const LARAVEL_SMALL_LIMIT = 8;    // funnel() reads every slot key: also measured at the smallest limit that never blocks 8 processes
const ROUNDS = 3;                 // interleaved rounds per throughput row
const ROUND_S = 1.0;              // measured time per round at scale 1 (times the scale)
const WARMUP = 20;                // cycles per worker before the start signal, on a name of its own
const WAIT_PROCESSES = 8;
const WAIT_ACQUISITIONS = 50;     // per process at scale 1
const HOLD_US = 2000;             // the critical section of the wait measurement: usleep(2000)
const TIMEOUT_S = 30;             // how long one acquisition may wait (every implementation)
const EXPIRE_S = 10;              // lifetime of one acquisition (every implementation)
const WAIT_CAP_S = 20;            // the wait measurement takes no new acquisition after this long (times the scale above 1)
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;               // SIGALRM ends a worker this long after its budget, whatever happens
const SYMFONY_RETRY_MS = [90, 110];  // symfony/lock's blocking acquire(): usleep((100 + random_int(-10, 10)) * 1000)
const RL = 'redislock RedisSemaphore';
const LARAVEL = 'Laravel funnel() ConcurrencyLimiter';
const SYMFONY = 'symfony/semaphore RedisStore';
const SLUGS = [RL => 'rl', LARAVEL => 'lv', SYMFONY => 'sf'];

/* ---- the implementations ------------------------------------------------------------ */

// What each implementation needs (bench/lib/needs.php); the peers' files are loaded by unavailable().
bench_needs(RL, [], fn(): ?string => class_exists('RedisSemaphore', false) ? null
    : 'not available: this build of redislock has no RedisSemaphore class');
bench_needs(LARAVEL, [ILLUMINATE_REDIS_AUTOLOAD => 'php-illuminate-redis']);
bench_needs(SYMFONY, [SYMFONY_SEMAPHORE_AUTOLOAD => 'php-symfony-semaphore']);

/**
 * Connects one implementation and returns its cycle: a function that acquires one
 * permit of the semaphore $name given to it (limit $limit), waiting up to TIMEOUT_S, calls $critical while it
 * holds it, releases it, and returns whether all of that succeeded.
 *
 * @return callable(string, callable): bool
 */
function make_cycle(string $label, int $limit): callable
{
    switch ($label) {
        case RL:
            $sem = new RedisSemaphore(bench_dsn());
            return function (string $name, callable $critical) use ($sem, $limit): bool {
                $token = $sem->acquire($name, $limit, TIMEOUT_S, EXPIRE_S);
                if ($token === false) {
                    return false;
                }
                $critical();
                return $sem->release($name, $token);
            };

        case LARAVEL:
            // What Redis::funnel($name)->limit($limit)->block(TIMEOUT_S)->then(...) runs in an
            // application with the phpredis client: the connection's funnel() builder, then()
            // -> ConcurrencyLimiter::block(), which retries acquire() every 250 ms.
            $conn = new Illuminate\Redis\Connections\PhpRedisConnection(bench_phpredis());
            return function (string $name, callable $critical) use ($conn, $limit): bool {
                return $conn->funnel($name)->limit($limit)->releaseAfter(EXPIRE_S)->block(TIMEOUT_S)->then(
                    function () use ($critical): bool {
                        $critical();
                        return true;
                    },
                    fn(): bool => false,
                );
            };

        case SYMFONY:
            // Semaphore::acquire() does not wait: a caller that must wait retries it, here the
            // way symfony/lock's own blocking acquire(true) retries (every 90-110 ms).
            $factory = new Symfony\Component\Semaphore\SemaphoreFactory(
                new Symfony\Component\Semaphore\Store\RedisStore(bench_phpredis()));
            return function (string $name, callable $critical) use ($factory, $limit): bool {
                $sem = $factory->createSemaphore($name, $limit, 1, EXPIRE_S);
                $deadline = microtime(true) + TIMEOUT_S;
                while (!$sem->acquire()) {
                    if (microtime(true) >= $deadline) {
                        return false;
                    }
                    usleep(random_int(SYMFONY_RETRY_MS[0], SYMFONY_RETRY_MS[1]) * 1000);
                }
                $critical();
                $sem->release();   // throws when it cannot release
                return true;
            };
    }
    throw new LogicException("unknown implementation $label");
}

/* ---- forked workers ----------------------------------------------------------------------- */

/* ---- 1. throughput -------------------------------------------------------------------------- */

/** One round of one throughput row: $n processes doing acquire + release cycles on $name for $window_s. */
function throughput_round(Redis $r, string $label, string $name, int $limit, int $n, float $window_s): array
{
    return bench_cycles_round('semaphore', $r, $n, $window_s, $window_s + TIMEOUT_S, function (int $wid) use ($label, $name, $limit): callable {
        $cycle = make_cycle($label, $limit);
        $noop = static function (): void {
        };
        for ($i = 0; $i < WARMUP; $i++) {
            $cycle("$name:warm-$wid", $noop);   // connected, scripts loaded, on a name of its own
        }
        return fn(): bool => $cycle($name, $noop);
    });
}

/**
 * Rows of one throughput table: [label, limit] => [n => figures], ROUNDS rounds per
 * row, the order of the implementations rotating from round to round.
 */
function throughput_table(Redis $r, string $base, array $configs, float $round_s): array
{
    $acc = [];
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach (PROCESS_COUNTS as $n) {
            $order = bench_rotated($configs, $round);
            foreach ($order as [$label, $limit]) {
                if (unavailable($label) !== null) {
                    continue;
                }
                // Short names: Laravel sends one key name per permit (the name, then 1 … limit) with every acquisition.
                $name = sprintf('%s:%s%dn%d:', $base, SLUGS[$label], $limit, $n);
                $run = throughput_round($r, $label, $name, $limit, $n, $round_s);
                $acc["$label|$limit"][$n][] = $run;
                bench_sweep_keys($r, $name);
            }
        }
    }
    $rows = [];
    foreach ($acc as $key => $by_n) {
        foreach ($by_n as $n => $runs) {
            $rows[$key][$n] = bench_rounds_row($runs);
        }
    }
    return $rows;
}

function print_throughput(array $rows, array $configs): void
{
    $out = [];
    foreach (PROCESS_COUNTS as $n) {
        $rl = $rows[RL . '|' . $configs[0][1]][$n] ?? null;
        foreach ($configs as [$label, $limit]) {
            $why = unavailable($label);
            $row = $rows["$label|$limit"][$n] ?? null;
            if ($why !== null || $row === null) {
                $out[] = [$label, (string) $limit, (string) $n, $why ?? 'not measured', '', '', '', '', '', '', ''];
                continue;
            }
            $out[] = [
                $label, (string) $limit, (string) $n, bench_rate($row['rate']),
                bench_fixed($row['spread'][0] > 0 ? 1e6 * $n / $row['spread'][1] : NAN, 1) . ' – '
                    . bench_fixed($row['spread'][1] > 0 ? 1e6 * $n / $row['spread'][0] : NAN, 1),
                $label === RL ? '1.00x' : ($rl ? bench_ratio($rl['rate'] / $row['rate']) : 'n/a'),
                bench_fixed($row['cpu_per_op'], 1),
                bench_fixed($row['scripts_per_op'], 2) . ($row['blocking_per_op'] >= 0.005 ? ' + ' . bench_fixed($row['blocking_per_op'], 2) . ' blocking' : ''),
                bench_fixed($row['all_per_op'], 1),
                number_format($row['in_per_op'], 0) . ' / ' . number_format($row['out_per_op'], 0),
                bench_row_check($row),
            ];
        }
    }
    bench_table(['implementation', 'limit', 'processes', 'cycles/s', 'µs/cycle per process, per-round range',
        'redislock ÷ this (cycles/s)', 'Redis CPU µs/cycle', 'scripts (EVAL/EVALSHA) per cycle', 'all commands per cycle',
        'bytes to / from Redis per cycle', 'check'], $out, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

/* ---- 2. waits under contention ------------------------------------------------------------------- */

function wait_run(Redis $r, string $label, string $name, int $iterations, float $cap_s): array
{
    return bench_wait_rounds('semaphore', $r, WAIT_PROCESSES, $cap_s, $cap_s + TIMEOUT_S, $name, $iterations, WARMUP, HOLD_US, BUSY_LIMIT,
        fn (int $wid): callable => make_cycle($label, BUSY_LIMIT));
}

/* ---- the run ---------------------------------------------------------------------------------- */

$base = bench_name('semaphore');
$r = bench_phpredis();
$round_s = ROUND_S * bench_scale();
$iterations = bench_n(WAIT_ACQUISITIONS, 5);
$cap_s = WAIT_CAP_S * max(1.0, bench_scale());
$labels = [RL, LARAVEL, SYMFONY];

// Loaded before forking, so that every worker has the peers' classes already.
foreach ($labels as $label) {
    if (($why = unavailable($label)) !== null) {
        fwrite(STDERR, "$label: $why\n");
    }
}

$free = [[RL, FREE_LIMIT], [LARAVEL, FREE_LIMIT], [LARAVEL, LARAVEL_SMALL_LIMIT], [SYMFONY, FREE_LIMIT]];
$busy = [[RL, BUSY_LIMIT], [LARAVEL, BUSY_LIMIT], [SYMFONY, BUSY_LIMIT]];
$waits = [];
try {
    $free_rows = throughput_table($r, $base, $free, $round_s);
    $busy_rows = throughput_table($r, $base, $busy, $round_s);
    foreach ($labels as $label) {
        if (unavailable($label) === null) {
            $waits[$label] = wait_run($r, $label, "$base:w" . SLUGS[$label] . ':', $iterations, $cap_s);
        }
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
    $left = bench_sweep_keys($r, $base);
}

$cpus = cpu_count();
echo "## Semaphores: acquire + release throughput\n\n";
printf("One semaphore name shared by all processes of a row; each process (forked, own connection, %d warm-up cycles, "
    . "released together by a start barrier) repeats acquire one permit → release for %.1f s per round, %d interleaved "
    . "rounds per row. Nothing is done while holding. cycles/s = all processes' cycles ÷ wall time (start signal → last "
    . "process done), over all rounds; µs/cycle per process = processes ÷ cycles/s, range over the rounds. Redis CPU = "
    . "used_cpu_sys + used_cpu_user of INFO cpu ÷ cycles; commands from INFO commandstats (\"all\" counts the commands run "
    . "inside scripts too); bytes = total_net_input_bytes / total_net_output_bytes of INFO stats ÷ cycles. Every call "
    . "may wait up to %d s: redislock `acquire(\$name, \$limit, %d, %d)` + `release()`; Laravel "
    . "`\$connection->funnel(\$name)->limit(\$limit)->releaseAfter(%d)->block(%d)->then(\$callback, \$failure)` on "
    . "`PhpRedisConnection` (retries every 250 ms); symfony/semaphore `\$factory->createSemaphore(\$name, \$limit, 1, %d)` "
    . "per cycle, `acquire()` retried every %d–%d ms as symfony/lock's blocking acquire does, `release()`. %d CPUs.\n\n",
    WARMUP, $round_s, ROUNDS, TIMEOUT_S, TIMEOUT_S, EXPIRE_S, EXPIRE_S, TIMEOUT_S, EXPIRE_S,
    SYMFONY_RETRY_MS[0], SYMFONY_RETRY_MS[1], $cpus);
echo "### Limit " . FREE_LIMIT . ": no process ever waits\n\n";
echo "Laravel's funnel() keeps one key per permit and reads all of them (MGET of `limit` keys, every key name sent "
    . "in the EVAL) on every acquisition, so it is also shown at limit " . LARAVEL_SMALL_LIMIT
    . ", the smallest that never makes 8 processes wait.\n\n";
print_throughput($free_rows, $free);
echo "### Limit " . BUSY_LIMIT . ": with 8 processes, 5 wait at any time\n\n";
print_throughput($busy_rows, $busy);

echo "## Semaphores: wait under contention\n\n";
printf("%d processes (forked, own connection, warmed up, released together) each take one permit of a semaphore with "
    . "limit %d %d times, hold it for usleep(%d) and release it. Wait = from the start of the acquiring call to the start of "
    . "the critical section (for Laravel, the start of then() to its callback). Most holders at once is computed from the "
    . "critical sections' own start and end times. The run takes no new acquisition after %d s (CAPPED).\n\n",
    WAIT_PROCESSES, BUSY_LIMIT, $iterations, HOLD_US, (int) $cap_s);
$ms = fn(float $v): string => bench_fixed($v, 3);
$q = fn(array $v, float $p): float => bench_quantile($v, $p);
$rlw = $waits[RL] ?? null;
$lower = function (?array $a, ?array $b, float $p) use ($q): string {
    if ($a === null || $b === null) {
        return '';
    }
    $x = $q($a['waits'], $p);
    $y = $q($b['waits'], $p);
    return $x > 0 && $y > 0 ? bench_ratio($x / $y) : 'n/a';
};
$out = [];
foreach ($labels as $label) {
    $why = unavailable($label);
    $x = $waits[$label] ?? null;
    if ($why !== null || $x === null) {
        $out[] = [$label, $why ?? 'not measured', '', '', '', '', '', '', '', '', '', ''];
        continue;
    }
    $out[] = [
        $label,
        WAIT_PROCESSES . ' × ' . $iterations . ($x['capped'] ? sprintf(' (CAPPED: %d done)', $x['n']) : ''),
        $ms($q($x['waits'], 0.5)), $ms($q($x['waits'], 0.99)), $ms($x['waits'] ? max($x['waits']) : NAN),
        $label === RL ? '1.00x' : $lower($rlw, $x, 0.5), $label === RL ? '1.00x' : $lower($rlw, $x, 0.99),
        $ms($x['hold']), bench_rate($x['rate']), bench_fixed($x['scripts_per_op'], 2) . ' / ' . bench_fixed($x['all_per_op'], 1),
        (string) $x['most'], $x['problems'] ? implode('; ', $x['problems']) : 'ok',
    ];
}
bench_table(['implementation', 'processes × acquisitions', 'wait p50, ms', 'wait p99, ms', 'wait max, ms',
    'redislock ÷ this, p50', 'redislock ÷ this, p99', 'mean hold, ms', 'acquisitions/s', 'scripts / all commands per acquisition',
    'most holders at once', 'check'], $out, [2, 3, 4, 5, 6, 7, 8, 9, 10]);

// The ratios and targets, redislock against each peer.
echo "redislock against each peer (targets: cycles/s ≥ 2x, wait p99 ≤ 0.1x):\n\n";
$record = ['available' => unavailable(RL) === null, 'limits' => ['free' => FREE_LIMIT, 'busy' => BUSY_LIMIT, 'laravel_small' => LARAVEL_SMALL_LIMIT],
    'processes' => WAIT_PROCESSES, 'iterations' => $iterations, 'hold_ms' => HOLD_US / 1000, 'throughput' => [], 'waits' => []];
$v = fn(float $x): ?float => is_finite($x) ? $x : null;
foreach ([[$free_rows, $free, FREE_LIMIT], [$busy_rows, $busy, BUSY_LIMIT]] as [$rows, $configs, $rl_limit]) {
    foreach (PROCESS_COUNTS as $n) {
        $rl = $rows[RL . "|$rl_limit"][$n] ?? null;
        foreach ($configs as [$label, $limit]) {
            $row = $rows["$label|$limit"][$n] ?? null;
            $record['throughput'][] = ['label' => $label, 'limit' => $limit, 'rl_limit' => $rl_limit, 'n' => $n,
                'rate' => $row ? $v($row['rate']) : null, 'ok' => $row !== null && bench_row_check($row) === 'ok',
                'rl_rate' => $rl ? $v($rl['rate']) : null, 'rl_ok' => $rl !== null && bench_row_check($rl) === 'ok'];
            if ($label === RL || $row === null) {
                continue;
            }
            if ($rl === null) {
                printf("- limit %d, %d process%s, cycles/s vs %s (limit %d): redislock not available; target ≥ 2x not measured\n",
                    $rl_limit, $n, $n > 1 ? 'es' : '', $label, $limit);
                continue;
            }
            $ratio = $rl['rate'] / $row['rate'];
            $ok = bench_row_check($rl) === 'ok' && bench_row_check($row) === 'ok';
            printf("- limit %d, %d process%s, cycles/s vs %s (limit %d): %s ÷ %s = %s; target ≥ 2x: %s\n",
                $rl_limit, $n, $n > 1 ? 'es' : '', $label, $limit, bench_rate($rl['rate']), bench_rate($row['rate']),
                bench_ratio($ratio), ($ok && $ratio >= 2) ? 'met' : 'MISSED' . ($ok ? '' : ' (a check failed)'));
        }
    }
}
foreach ($labels as $label) {
    $x = $waits[$label] ?? null;
    $record['waits'][$label] = $x === null ? null : ['n' => $x['n'], 'p50' => $v($q($x['waits'], 0.5)),
        'p99' => $v($q($x['waits'], 0.99)), 'ok' => !$x['problems']];
    if ($label === RL || $x === null) {
        continue;
    }
    if ($rlw === null) {
        printf("- wait p99 vs %s: redislock not available; target ≤ 0.1x not measured\n", $label);
        continue;
    }
    $ratio = $q($rlw['waits'], 0.99) / $q($x['waits'], 0.99);
    $ok = !$rlw['problems'] && !$x['problems'];
    printf("- wait p99 vs %s: %s ms ÷ %s ms = %s; target ≤ 0.1x: %s\n", $label, $ms($q($rlw['waits'], 0.99)),
        $ms($q($x['waits'], 0.99)), bench_ratio($ratio), ($ok && $ratio <= 0.1) ? 'met' : 'MISSED' . ($ok ? '' : ' (a check failed)'));
}
printf("\nKeys of the run deleted at the end: %d; left: %d.\n\n", $swept, $left);
bench_record('semaphore', $record);
