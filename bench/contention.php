<?php
/* Contention: 8 processes take one lock in turn, 100 times each, holding it for
 * 1 ms. redislock's lock($name, 30, 5) (waiters block on the server in FIFO order
 * and unlock() wakes the head of the queue) against symfony/lock's blocking
 * acquire(true) on RedisStore (which polls: a busy lock is retried every 90-110 ms).
 *
 * Measured per implementation, in one run on one server:
 *   - handoff latency: from right before the holder's unlock to right after the
 *     next holder's lock call returned;
 *   - wait time: from the start of the lock call to the lock held;
 *   - acquisitions per second;
 *   - Redis commands per acquisition (INFO commandstats delta).
 *
 * Worker processes are forked, connected and warmed up before the measurement
 * starts, released together by a start barrier, and stay alive until every worker
 * has finished: a PHP process's fork or exit costs milliseconds of CPU, which
 * would otherwise land in the timings of the workers still running. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const PROCESSES = 8;
const HOLD_US = 1000;            // the critical section: usleep(1000)
const LOCK_TIMEOUT_S = 30;       // lock($name, 30, 5)
const LOCK_EXPIRE_S = 5;
const REDISLOCK_CAP_S = 30;      // a safety cap: a run stops taking new acquisitions after this long (x scale)
const SYMFONY_CAP_S = 20;        // the same for symfony/lock, whose polling may be slow
const READY_TIMEOUT_S = 30;
const GRACE_S = 60;              // a worker is killed by SIGALRM this long after its cap, whatever happens
const SYMFONY_AUTOLOAD = '/usr/share/php/Symfony/Component/Lock/autoload.php';

/* ---- one measurement ----------------------------------------------------------- */

/**
 * Forks PROCESSES workers (bench_run_workers) and measures one implementation. Each
 * connects and warms up ($make returns the acquire and release functions), then,
 * from the start signal, takes the lock $iterations times (or until $cap_s seconds
 * have passed), noting each holder in the shared list $events. Returns the merged
 * acquisitions (seq => [worker, start, held, unlock]), the commands the server ran,
 * the wall time from the start signal to the last worker done, and the problems seen.
 */
function run_phase(callable $make, int $iterations, float $cap_s, string $events): array
{
    $r = bench_phpredis();
    $r->del($events);
    $run = bench_run_workers('contention', $r, PROCESSES, $cap_s, $cap_s, function (int $wid) use ($make, $events, $iterations): callable {
        $r = bench_phpredis();
        [$acquire, $release] = $make($wid);
        return function (int $cap) use ($r, $wid, $acquire, $release, $events, $iterations): array {
            $result = ['rows' => [], 'failed' => 0, 'bad_release' => 0, 'capped' => false, 'error' => null];
            try {
                for ($i = 0; $i < $iterations; $i++) {
                    if (hrtime(true) > $cap) {
                        $result['capped'] = true;
                        break;
                    }
                    $start = microtime(true);
                    $ok = $acquire();
                    $held = microtime(true);
                    if (!$ok) {
                        $result['failed']++;
                        continue;
                    }
                    // Written while holding the lock: the list's order is the order of the holders.
                    $seq = $r->rPush($events, sprintf('%d %.6f', $wid, $held));
                    usleep(HOLD_US);
                    $unlock = microtime(true);
                    if (!$release()) {
                        $result['bad_release']++;
                    }
                    $result['rows'][] = [(int) $seq, $start, $held, $unlock];
                }
            } catch (Throwable $e) {
                $result['error'] = get_class($e) . ': ' . $e->getMessage();
            }
            return $result;
        };
    });

    $problems = $run['problems'];
    $rows = [];
    $failed = $bad_release = 0;
    $capped = false;
    foreach ($run['reports'] as $w => $res) {
        if ($res['error'] !== null) {
            $problems[] = "worker $w: {$res['error']}";
        }
        $failed += $res['failed'];
        $bad_release += $res['bad_release'];
        $capped = $capped || $res['capped'];
        foreach ($res['rows'] as [$seq, $t0, $t1, $t2]) {
            $rows[$seq] = [$w, (float) $t0, (float) $t1, (float) $t2];
        }
    }

    // The shared list must agree with what the workers recorded.
    $list = $r->lRange($events, 0, -1);
    $r->del($events);
    $mismatch = 0;
    foreach ($list as $i => $entry) {
        [$wid] = explode(' ', $entry, 2);
        if (!isset($rows[$i + 1]) || $rows[$i + 1][0] !== (int) $wid) {
            $mismatch++;
        }
    }
    if ($mismatch || count($list) !== count($rows)) {
        $problems[] = sprintf('event list has %d entries, workers recorded %d, %d disagree', count($list), count($rows), $mismatch);
    }
    if ($failed) {
        $problems[] = "$failed lock calls returned false";
    }
    if ($bad_release) {
        $problems[] = "$bad_release unlocks returned false";
    }
    ksort($rows);

    $delta = array_filter($run['commands']);
    // One RPUSH per acquisition is the benchmark's own event, not the lock's.
    $delta['rpush'] = ($delta['rpush'] ?? 0) - count($rows);
    if ($delta['rpush'] <= 0) {
        unset($delta['rpush']);
    }
    return ['rows' => $rows, 'calls' => $delta, 'wall' => $run['wall'], 'capped' => $capped, 'problems' => $problems];
}

function mean(array $values): float
{
    return $values ? array_sum($values) / count($values) : NAN;
}

/** How many values of the sorted list $sorted lie strictly between $from and $to. */
function count_between(array $sorted, float $from, float $to): int
{
    // The index of the first value above $x (or, with $inclusive, at or above $x).
    $index = function (float $x, bool $inclusive) use ($sorted): int {
        $lo = 0;
        $hi = count($sorted);
        while ($lo < $hi) {
            $mid = intdiv($lo + $hi, 2);
            if ($sorted[$mid] < $x || (!$inclusive && $sorted[$mid] == $x)) {
                $lo = $mid + 1;
            } else {
                $hi = $mid;
            }
        }
        return $lo;
    };
    return max(0, $index($to, true) - $index($from, false));
}

/** The numbers of one run, in ms where they are times. */
function summarize(array $run): array
{
    $rows = $run['rows'];
    $n = count($rows);
    $waits = $holds = $handoffs = $other = [];
    $overlaps = $self = 0;
    $streak = $longest = 0;
    $prev = null;
    foreach ($rows as $seq => [$w, $t0, $t1, $t2]) {
        $waits[] = ($t1 - $t0) * 1e3;
        $holds[] = ($t2 - $t1) * 1e3;
        if ($prev !== null && $prev[0] === $seq - 1) {
            $h = ($t1 - $prev[1][3]) * 1e3;
            $handoffs[] = $h;
            if ($h < 0) {
                $overlaps++;   // the next holder had the lock before the previous one released it
            }
            if ($prev[1][0] === $w) {
                $self++;
            } else {
                $other[] = $h;
            }
        }
        $streak = $prev !== null && $prev[1][0] === $w ? $streak + 1 : 1;
        $longest = max($longest, $streak);
        $prev = [$seq, [$w, $t0, $t1, $t2]];
    }
    // FIFO check: how many acquisitions by other processes happened while one caller waited.
    $held = array_map(fn($row) => $row[2], array_values($rows));
    sort($held);
    $overtaken = 0;
    foreach ($rows as [$w, $t0, $t1, $t2]) {
        $overtaken = max($overtaken, count_between($held, $t0, $t1));
    }
    $calls = $run['calls'];
    $top = ($calls['evalsha'] ?? 0) + ($calls['eval'] ?? 0) + ($calls['blpop'] ?? 0);
    $total = array_sum($calls);
    $hold = $holds ? array_sum($holds) / count($holds) : NAN;
    return [
        'n' => $n,
        'hold' => $hold,
        'bound' => (PROCESSES - 1) * $hold + 5,
        'handoff' => $handoffs,
        'other' => $other,
        'self' => $self,
        'overlaps' => $overlaps,
        'longest' => $longest,
        'overtaken' => $overtaken,
        'waits' => $waits,
        'rate' => $run['wall'] > 0 ? $n / $run['wall'] : NAN,
        'wall' => $run['wall'],
        'total' => $n ? $total / $n : NAN,
        'top' => $n ? $top / $n : NAN,
        'inner' => $n ? ($total - $top) / $n : NAN,
        'per' => fn(string $cmd) => $n ? ($calls[$cmd] ?? 0) / $n : NAN,
        'other_top' => array_diff_key($calls, ['evalsha' => 1, 'eval' => 1, 'blpop' => 1]),
    ];
}

/* ---- the two implementations ---------------------------------------------------- */

$dsn = bench_dsn();
$iterations = bench_n(100, 5);
$base = bench_name('contention');
$rl_name = "$base:redislock";
$sf_name = "$base:symfony";
$caps = ['redislock' => REDISLOCK_CAP_S * max(1.0, bench_scale()), 'symfony' => SYMFONY_CAP_S * max(1.0, bench_scale())];

// Load the scripts into the server before anything is measured (no NOSCRIPT + EVAL later).
$warm = new RedisLock($dsn);
$warm->lock("$base:warm", 0, LOCK_EXPIRE_S);
$warm->unlock("$base:warm");
unset($warm);

$runs = [];
$runs['redislock'] = run_phase(function (int $wid) use ($dsn, $rl_name) {
    $rl = new RedisLock($dsn);
    $rl->lock("$rl_name:warm-$wid", 0, LOCK_EXPIRE_S);   // connect and warm up before the start signal
    $rl->unlock("$rl_name:warm-$wid");
    return [
        fn(): bool => $rl->lock($rl_name, LOCK_TIMEOUT_S, LOCK_EXPIRE_S),
        fn(): bool => $rl->unlock($rl_name),
    ];
}, $iterations, $caps['redislock'], "$base:events:redislock");

$symfony = is_file(SYMFONY_AUTOLOAD);
if ($symfony) {
    require_once SYMFONY_AUTOLOAD;
    $runs['symfony'] = run_phase(function (int $wid) use ($sf_name) {
        $factory = new Symfony\Component\Lock\LockFactory(new Symfony\Component\Lock\Store\RedisStore(bench_phpredis()));
        $warm = $factory->createLock("$sf_name:warm-$wid", LOCK_EXPIRE_S);   // connect, and the store's one-time TIME check
        $warm->acquire();
        $warm->release();
        $lock = $factory->createLock($sf_name, LOCK_EXPIRE_S);
        return [
            fn(): bool => $lock->acquire(true),
            function () use ($lock): bool {
                $lock->release();   // throws when it cannot release
                return true;
            },
        ];
    }, $iterations, $caps['symfony'], "$base:events:symfony");
} else {
    fwrite(STDERR, 'symfony/lock not found (' . SYMFONY_AUTOLOAD . "); its column is empty\n");
}

// Leave nothing of this run behind (the per-slot fencing counters are shared and stay).
$r = bench_phpredis();
$it = null;
$left = 0;
do {
    $keys = $r->scan($it, "*$base*", 1000);
    if ($keys) {
        $r->del($keys);
    }
} while ($it > 0);
$it = null;
do {
    $left += count($r->scan($it, "*$base*", 1000) ?: []);
} while ($it > 0);

/* ---- the table ---------------------------------------------------------------------- */

$rl = summarize($runs['redislock']);
$sf = $symfony ? summarize($runs['symfony']) : null;

$ms = fn(float $v): string => bench_fixed($v, 3);
$q = fn(array $v, float $p): float => bench_quantile($v, $p);
/** redislock relative to symfony: "Nx lower" for a time or a count, "Nx higher" for a rate. */
$lower = function (float $a, ?float $b): string {
    if ($b === null || !is_finite($a) || !is_finite($b) || $a <= 0 || $b <= 0) {
        return '';
    }
    return $b >= $a ? bench_ratio($b / $a) . ' lower' : bench_ratio($a / $b) . ' higher';
};
$higher = function (float $a, ?float $b): string {
    if ($b === null || !is_finite($a) || !is_finite($b) || $a <= 0 || $b <= 0) {
        return '';
    }
    return $a >= $b ? bench_ratio($a / $b) . ' higher' : bench_ratio($b / $a) . ' lower';
};
$yes = fn(bool $ok): string => $ok ? 'yes' : 'NO';
$s = fn(callable $f): string => $sf === null ? 'n/a' : (string) $f($sf);

$rl_p99 = $q($rl['waits'], 0.99);
$sf_p99 = $sf ? $q($sf['waits'], 0.99) : NAN;
$rl_h50 = $q($rl['handoff'], 0.5);
$rl_h99 = $q($rl['handoff'], 0.99);
$done = fn(string $impl, array $x): string => PROCESSES . ' × ' . $iterations . ($runs[$impl]['capped']
    ? sprintf(', CAPPED at %d s: %d of %d done', (int) $caps[$impl], $x['n'], PROCESSES * $iterations)
    : sprintf(' (cap %d s, not reached)', (int) $caps[$impl]));
$breakdown = function (array $x): string {
    $parts = [];
    foreach (['evalsha', 'eval', 'blpop'] as $cmd) {
        $v = $x['per']($cmd);
        if ($v > 0) {
            $parts[] = strtoupper($cmd) . ' ' . bench_fixed($v, 2);
        }
    }
    return $parts ? implode(' + ', $parts) : '0';
};
$check = function (array $run, array $x): string {
    $p = $run['problems'];
    if ($x['overlaps']) {
        array_unshift($p, "{$x['overlaps']} OVERLAPPING HOLDS");
    }
    return $p ? implode('; ', $p) : 'ok';
};

$rows = [
    ['processes × acquisitions each', $done('redislock', $rl), $s(fn($x) => $done('symfony', $x)), '', '', ''],
    ['acquisitions done', (string) $rl['n'], $s(fn($x) => $x['n']), '', '', ''],
    ['mean hold, ms (usleep(1000) + one RPUSH)', $ms($rl['hold']), $s(fn($x) => $ms($x['hold'])), '', '', ''],
    ['handoff p50, ms', $ms($rl_h50), $s(fn($x) => $ms($q($x['handoff'], 0.5))), $lower($rl_h50, $sf ? $q($sf['handoff'], 0.5) : null), '≤ 1 ms', $yes($rl_h50 <= 1)],
    ['handoff p99, ms', $ms($rl_h99), $s(fn($x) => $ms($q($x['handoff'], 0.99))), $lower($rl_h99, $sf ? $q($sf['handoff'], 0.99) : null), '≤ 5 ms', $yes($rl_h99 <= 5)],
    ['handoff mean, ms', $ms(mean($rl['handoff'])), $s(fn($x) => $ms(mean($x['handoff']))), '', '', ''],
    ['handoffs to the same process again', sprintf('%d of %d', $rl['self'], count($rl['handoff'])), $s(fn($x) => sprintf('%d of %d', $x['self'], count($x['handoff']))), '', '', ''],
    ['handoff to another process p50 / p99, ms', $ms($q($rl['other'], 0.5)) . ' / ' . $ms($q($rl['other'], 0.99)),
        $s(fn($x) => $ms($q($x['other'], 0.5)) . ' / ' . $ms($q($x['other'], 0.99))), '', '', ''],
    ['longest run of one process in a row', (string) $rl['longest'], $s(fn($x) => $x['longest']), '', '', ''],
    ['most acquisitions by others during one wait', (string) $rl['overtaken'], $s(fn($x) => $x['overtaken']), '', 'FIFO: ≤ n − 1 = ' . (PROCESSES - 1), $yes($rl['overtaken'] <= PROCESSES - 1)],
    ['wait p50, ms', $ms($q($rl['waits'], 0.5)), $s(fn($x) => $ms($q($x['waits'], 0.5))), $lower($q($rl['waits'], 0.5), $sf ? $q($sf['waits'], 0.5) : null), '', ''],
    ['wait p99, ms', $ms($rl_p99), $s(fn($x) => $ms($q($x['waits'], 0.99))), $lower($rl_p99, $sf ? $sf_p99 : null),
        '≥ 10x lower than symfony', $sf ? $yes($sf_p99 / $rl_p99 >= 10) : 'n/a'],
    ['wait max, ms', $ms($rl['waits'] ? max($rl['waits']) : NAN), $s(fn($x) => $ms($x['waits'] ? max($x['waits']) : NAN)),
        $lower($rl['waits'] ? max($rl['waits']) : NAN, $sf && $sf['waits'] ? max($sf['waits']) : null), '', ''],
    ['bound (n − 1) × hold + 5 ms, ms', $ms($rl['bound']), $s(fn($x) => $ms($x['bound'])), '',
        'wait p99 ≤ bound', $yes($rl_p99 <= $rl['bound']) . ($sf ? ' (symfony: ' . ($sf_p99 <= $sf['bound'] ? 'yes' : 'no') . ')' : '')],
    ['acquisitions/s', bench_rate($rl['rate']), $s(fn($x) => bench_rate($x['rate'])), $higher($rl['rate'], $sf['rate'] ?? null), '', ''],
    ['wall time, s (start signal to last worker done)', bench_fixed($rl['wall'], 2), $s(fn($x) => bench_fixed($x['wall'], 2)), '', '', ''],
    ['Redis commands per acquisition, all (incl. inside scripts)', bench_fixed($rl['total'], 2), $s(fn($x) => bench_fixed($x['total'], 2)), $lower($rl['total'], $sf['total'] ?? null), '', ''],
    ['… sent by clients: EVALSHA + EVAL + BLPOP', bench_fixed($rl['top'], 2), $s(fn($x) => bench_fixed($x['top'], 2)), $lower($rl['top'], $sf['top'] ?? null), '', ''],
    ['… of which', $breakdown($rl), $s($breakdown), '', '', ''],
    ['… run inside scripts', bench_fixed($rl['inner'], 2), $s(fn($x) => bench_fixed($x['inner'], 2)), $lower($rl['inner'], $sf['inner'] ?? null), '', ''],
    ['check (overlapping holds, failures, event list)', $check($runs['redislock'], $rl), $s(fn($x) => $check($runs['symfony'], $x)), '', '', ''],
];

echo "## Contention: " . PROCESSES . " processes, one lock\n\n";
printf("%d forked processes (own connection each, warmed up, released together by a start barrier, kept alive until all are done) "
    . "each take one lock %d times and hold it for usleep(%d) plus one RPUSH of the event list. redislock: `lock(\$name, %d, %d)` / `unlock()`; "
    . "symfony/lock: `acquire(true)` / `release()` of one `Lock` per process (TTL %d s, RedisStore on phpredis; a busy lock is retried every 90–110 ms). "
    . "Wait = lock call start → lock held; handoff = right before the holder's unlock → right after the next holder's lock call returned, "
    . "paired by the order of a Redis list written while holding the lock. Commands = INFO commandstats delta over the run, "
    . "less the benchmark's one RPUSH per acquisition. The comparison column is redislock relative to symfony/lock; the targets are redislock's. %d CPUs.\n\n",
    PROCESSES, $iterations, HOLD_US, LOCK_TIMEOUT_S, LOCK_EXPIRE_S, LOCK_EXPIRE_S, cpu_count());
bench_table(['metric', 'redislock', 'symfony/lock', 'redislock vs symfony/lock', 'target', 'met'], $rows, [1, 2]);
foreach (['redislock' => $rl, 'symfony/lock' => $sf] as $label => $x) {
    if ($x !== null && $x['other_top']) {
        $parts = [];
        foreach ($x['other_top'] as $cmd => $n) {
            $parts[] = sprintf('%s %s', strtoupper($cmd), bench_fixed($n / max(1, $x['n']), 2));
        }
        printf("- %s, commands other than EVALSHA/EVAL/BLPOP per acquisition (run inside scripts): %s\n", $label, implode(', ', $parts));
    }
}
printf("- keys of this run left on the server after cleanup: %d\n\n", $left);

$figures = fn(array $x, string $impl): array => [
    'n' => $x['n'],
    'handoff_p50' => $q($x['handoff'], 0.5),
    'handoff_p99' => $q($x['handoff'], 0.99),
    'wait_p99' => $q($x['waits'], 0.99),
    'self' => $x['self'],
    'handoffs' => count($x['handoff']),
    'check' => $check($runs[$impl], $x),
];
bench_record('contention', ['processes' => PROCESSES, 'iterations' => $iterations,
    'redislock' => $figures($rl, 'redislock'), 'symfony' => $sf ? $figures($sf, 'symfony') : null]);
