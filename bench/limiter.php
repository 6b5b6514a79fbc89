<?php
/* Rate limits: redislock's RedisRateLimiter, directly and through the bridges'
 * Laravel RateLimiter and Symfony RedisLimiter, against Laravel's own
 * Illuminate\Cache\RateLimiter on its redis store (RedisStore over phpredis) and
 * symfony/rate-limiter's RateLimiterFactory (fixed_window, CacheStorage over a
 * RedisAdapter, a LockFactory over symfony/lock's RedisStore, as FrameworkBundle
 * builds a limiter with a Redis cache pool and lock.factory), on one server in
 * one run:
 *
 *   1. decisions/s with 1 and 8 processes on one shared key whose limit is never
 *      reached (every decision admits), and the server's CPU per decision;
 *   2. admissions over the limit: 32 processes on one key per window, 10
 *      windows in a row (each a fresh key of limit LIMIT per 60 s, hammered for
 *      WINDOW_S): what each implementation admitted beyond LIMIT.
 *
 * Workers are forked, connected and warmed up first and released together by a
 * start barrier (bench_run_workers). */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const PROCESS_COUNTS = [1, 8];
const ROUNDS = 2;                 // interleaved rounds per throughput row
const ROUND_S = 1.0;              // measured time per round at scale 1 (times the scale)
const WARMUP = 20;                // decisions per worker before the start signal, on a key of its own
const FREE_LIMIT = 1000000000;    // the throughput rows' limit: never reached
const INTERVAL_S = 60;            // every key's window (Laravel's decay)
const CROWD = 32;                 // processes of the over-admission rows
const WINDOWS = 10;
const WINDOW_S = 0.3;             // how long each window's key is hammered (times the scale)
const LIMIT = 20;                 // the over-admission rows' limit per window
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;

const RL = 'redislock RedisRateLimiter::consume()';
const RL_LV = 'redislock Laravel RateLimiter::attempt()';
const LV = 'Laravel RateLimiter::attempt(), redis store (phpredis)';
const RL_SF = 'redislock Symfony RedisLimiter::consume()';
const SF = 'symfony RateLimiterFactory, Redis cache + RedisStore lock';
const SLUGS = [RL => 'rl', RL_LV => 'rlv', LV => 'lv', RL_SF => 'rsf', SF => 'sf'];
const ILLUMINATE = ['Support', 'Container', 'Config', 'Cache', 'Redis'];
const SYMFONY = ['RateLimiter', 'Cache', 'Lock', 'OptionsResolver'];

$illuminate = array_combine(array_map(fn(string $p): string => "/usr/share/php/Illuminate/$p/autoload.php", ILLUMINATE),
    array_map(fn(string $p): string => 'php-illuminate-' . strtolower($p), ILLUMINATE));
$symfony = array_combine(array_map(fn(string $p): string => "/usr/share/php/Symfony/Component/$p/autoload.php", SYMFONY),
    array_map(fn(string $p): string => 'php-symfony-' . strtolower(preg_replace('/(?<!^)[A-Z]/', '-$0', $p)), SYMFONY));
$bridge = [__DIR__ . '/../bridge/autoload.php' => 'this tree'];
$class = fn(): ?string => class_exists('RedisRateLimiter', false) ? null
    : 'not available: this build of redislock has no RedisRateLimiter class';
bench_needs(RL, [], $class);
bench_needs(RL_LV, $illuminate + $bridge, $class);
bench_needs(LV, $illuminate);
bench_needs(RL_SF, $symfony + $bridge, $class);
bench_needs(SF, $symfony);

/**
 * Connects one implementation and returns its decision: a function that asks
 * for one admission on key $name (limit $limit per INTERVAL_S) and returns
 * whether it was admitted.
 *
 * @return callable(string): bool
 */
function make_decider(string $label, int $limit, string $prefix): callable
{
    switch ($label) {
        case RL:
            $limiter = new RedisRateLimiter(bench_dsn());
            return fn(string $name): bool => $limiter->consume("$prefix:$name", $limit, INTERVAL_S, 1, 'fixed_window')['allowed'];

        case RL_LV:
            $limiter = new RedisLock\Bridge\Laravel\RateLimiter(new Illuminate\Cache\Repository(new Illuminate\Cache\ArrayStore()),
                new RedisRateLimiter(bench_dsn()), $prefix);
            return fn(string $name): bool => $limiter->attempt($name, $limit, fn() => true, INTERVAL_S) !== false;

        case LV:
            $p = bench_dsn_parts(bench_dsn());
            $app = new Illuminate\Container\Container();
            $manager = new Illuminate\Redis\RedisManager($app, 'phpredis', ['options' => ['prefix' => ''],
                'default' => $p['socket'] !== null ? ['scheme' => 'unix', 'path' => $p['socket']] : ['host' => $p['host'], 'port' => $p['port']]]);
            $limiter = new Illuminate\Cache\RateLimiter(new Illuminate\Cache\Repository(
                new Illuminate\Cache\RedisStore($manager, $prefix, 'default')));
            return fn(string $name): bool => $limiter->attempt($name, $limit, fn() => true, INTERVAL_S) !== false;

        case RL_SF:
            $factory = new RedisLock\Bridge\Symfony\RateLimiter\RedisRateLimiterFactory(['id' => $prefix,
                'policy' => 'fixed_window', 'limit' => $limit, 'interval' => INTERVAL_S . ' seconds'], new RedisRateLimiter(bench_dsn()));
            return fn(string $name): bool => $factory->create($name)->consume()->isAccepted();

        case SF:
            $factory = new Symfony\Component\RateLimiter\RateLimiterFactory(['id' => $prefix,
                'policy' => 'fixed_window', 'limit' => $limit, 'interval' => INTERVAL_S . ' seconds'],
                new Symfony\Component\RateLimiter\Storage\CacheStorage(new Symfony\Component\Cache\Adapter\RedisAdapter(bench_phpredis())),
                new Symfony\Component\Lock\LockFactory(new Symfony\Component\Lock\Store\RedisStore(bench_phpredis())));
            return fn(string $name): bool => $factory->create($name)->consume()->isAccepted();
    }
    throw new LogicException("unknown implementation $label");
}

/* ---- 1. decisions/s ------------------------------------------------------------------------ */

function throughput_rows(Redis $r, string $base, array $labels, float $round_s): array
{
    $acc = [];
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach (PROCESS_COUNTS as $n) {
            foreach (bench_rotated($labels, $round) as $label) {
                $prefix = "$base:" . SLUGS[$label] . "n$n";
                $acc[$label][$n][] = bench_cycles_round('limiter', $r, $n, $round_s, $round_s + 30,
                    function (int $wid) use ($label, $prefix): callable {
                        $decide = make_decider($label, FREE_LIMIT, $prefix);
                        for ($i = 0; $i < WARMUP; $i++) {
                            $decide("warm-$wid");
                        }
                        return fn(): bool => $decide('shared');
                    });
                bench_sweep_keys($r, $prefix);
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

/* ---- 2. admissions over the limit ------------------------------------------------------------ */

/** CROWD workers, WINDOWS windows of WINDOW_S each on a key of its own: admissions per window. */
function crowd_run(Redis $r, string $label, string $prefix, float $window_s): array
{
    $total_s = WINDOWS * $window_s;
    $run = bench_run_workers('limiter crowd', $r, CROWD, $total_s, $total_s + 60,
        function (int $wid) use ($label, $prefix, $window_s, $total_s): callable {
            $decide = make_decider($label, LIMIT, $prefix);
            $decide("warm-$wid");
            return function (int $end) use ($decide, $window_s, $total_s): array {
                $start = $end - (int) ($total_s * 1e9);
                $admitted = array_fill(0, WINDOWS, 0);
                $asked = 0;
                for ($k = 0; $k < WINDOWS; $k++) {
                    $slot_end = $start + (int) (($k + 1) * $window_s * 1e9);
                    while (hrtime(true) < $slot_end) {
                        $asked++;
                        if ($decide("w$k")) {
                            $admitted[$k]++;
                        }
                    }
                }
                return ['admitted' => $admitted, 'asked' => $asked];
            };
        });
    $per_window = array_fill(0, WINDOWS, 0);
    foreach ($run['reports'] as $report) {
        foreach ($report['admitted'] as $k => $a) {
            $per_window[$k] += $a;
        }
    }
    return [
        'per_window' => $per_window,
        'over' => array_sum(array_map(fn(int $a): int => max(0, $a - LIMIT), $per_window)),
        'short' => count(array_filter($per_window, fn(int $a): bool => $a < LIMIT)),
        'asked' => array_sum(array_column($run['reports'], 'asked')),
        'problems' => $run['problems'],
    ];
}

/* ---- the run ---------------------------------------------------------------------------------- */

// `goals` as the first argument: only what the goal's row needs (ours and Laravel's, no crowd).
$goals_only = ($argv[1] ?? '') === 'goals';
$base = bench_name('limiter');
$r = bench_phpredis();
$labels = [];
foreach ($goals_only ? [RL, LV] : [RL, RL_LV, LV, RL_SF, SF] as $label) {
    if (($why = unavailable($label)) !== null) {
        fwrite(STDERR, "$label: $why\n");
        continue;
    }
    $labels[] = $label;
}
$round_s = ROUND_S * bench_scale();
$window_s = WINDOW_S * bench_scale();
$crowds = [];
try {
    $rows = throughput_rows($r, $base, $labels, $round_s);
    foreach ($goals_only ? [] : $labels as $label) {
        $crowds[$label] = crowd_run($r, $label, "$base:c" . SLUGS[$label], $window_s);
    }
} finally {
    bench_sweep_keys($r, $base);
}

echo "## Rate limits: decisions per second\n\n";
printf("One key shared by all processes of a row, its limit (%s per %d s, fixed window) never reached, so every decision "
    . "admits. Each process (forked, own connection, %d warm-up decisions on a key of its own, released together) decides "
    . "for %.1f s per round, %d interleaved rounds per row. decisions/s = all processes' decisions ÷ wall time; Redis CPU "
    . "= used_cpu_sys + used_cpu_user of INFO cpu ÷ decisions; commands from INFO commandstats (\"all\" counts those run "
    . "inside scripts). redislock's bridges are compared with their framework's own limiter: the Laravel bridge with "
    . "Laravel's `RateLimiter::attempt()` on its redis store, the Symfony bridge with symfony's RateLimiterFactory on a "
    . "Redis cache pool with a Redis lock (what FrameworkBundle builds with `cache_pool` on Redis and lock.factory). %d CPUs.\n\n",
    number_format(FREE_LIMIT), INTERVAL_S, WARMUP, $round_s, ROUNDS, cpu_count());
$peer_of = [RL_LV => LV, RL_SF => SF, RL => null, LV => null, SF => null];
$out = [];
foreach (PROCESS_COUNTS as $n) {
    foreach ($labels as $label) {
        $row = $rows[$label][$n];
        $peer = $peer_of[$label] !== null ? ($rows[$peer_of[$label]][$n] ?? null) : null;
        $out[] = [$label, (string) $n, bench_rate($row['rate']),
            $peer ? bench_ratio($row['rate'] / $peer['rate']) . ' ' . SLUGS[$peer_of[$label]] : '',
            bench_fixed($row['cpu_per_op'], 1), bench_fixed($row['scripts_per_op'], 2), bench_fixed($row['all_per_op'], 1),
            bench_row_check($row)];
    }
}
bench_table(['implementation', 'processes', 'decisions/s', 'bridge ÷ its framework\'s own (decisions/s)',
    'Redis CPU µs/decision', 'scripts per decision', 'all commands per decision', 'check'], $out, [1, 2, 3, 4, 5, 6]);

if (isset($rows[RL][8], $rows[LV][8])) {
    $ok = bench_row_check($rows[RL][8]) === 'ok' && bench_row_check($rows[LV][8]) === 'ok';
    bench_goals_print([bench_goal('limiter', $rows[RL][8]['cpu_per_op'], $rows[LV][8]['cpu_per_op'], 'µs', $ok,
        $ok ? '' : 'CHECK FAILED, see above')]);
}
if ($goals_only) {
    exit(0);
}

echo "## Rate limits: admissions over the limit\n\n";
printf("%d processes (forked, own connection, released together) ask for admissions as fast as they can on one key per "
    . "window, %d windows in a row of %.1f s each, every key a fresh fixed window of %d per %d s: a correct limiter admits "
    . "exactly %d per window. over = admissions beyond %d, summed over the windows; short = windows that admitted fewer "
    . "than %d (a limiter too slow to use its window).\n\n",
    CROWD, WINDOWS, $window_s, LIMIT, INTERVAL_S, LIMIT, LIMIT, LIMIT);
$out = [];
foreach ($labels as $label) {
    $c = $crowds[$label];
    $out[] = [$label, number_format($c['asked']), (string) array_sum($c['per_window']), implode(' ', $c['per_window']),
        (string) $c['over'], (string) $c['short'], $c['problems'] ? implode('; ', $c['problems']) : 'ok'];
}
bench_table(['implementation', 'asked', 'admitted', 'admitted per window', 'over', 'short', 'check'], $out, [1, 2, 4, 5]);

$figures = [];
foreach ($labels as $label) {
    foreach (PROCESS_COUNTS as $n) {
        $figures['rates'][$label][$n] = ['decisions_per_s' => $rows[$label][$n]['rate'], 'cpu_us' => $rows[$label][$n]['cpu_per_op']];
    }
    $figures['over'][$label] = $crowds[$label]['over'];
}
bench_record('limiter', $figures);
