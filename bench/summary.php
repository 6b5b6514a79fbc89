<?php
/* The last table of bench/run: every headline figure of the run, each beside the
 * peers measured in the same run on the same server. The scripts leave their
 * figures in BENCH_RESULTS (bench_record()); a figure whose script did not run in
 * this mode is left out. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

$dir = getenv('BENCH_RESULTS');
$res = [];
foreach (glob(($dir ?: '.') . '/*.json') ?: [] as $file) {
    $res[basename($file, '.json')] = json_decode((string) file_get_contents($file), true);
}

/* The goals' rows (bench/lib/goals.php): bench/run goals leaves each round's in
 * BENCH_RESULTS/round-N/, another mode in BENCH_RESULTS itself. */
$goal_rounds = [];
$round_dirs = glob(($dir ?: '.') . '/round-*', GLOB_ONLYDIR) ?: [];
natsort($round_dirs);
foreach (array_merge([$dir ?: '.'], $round_dirs) as $d) {
    $goals = [];
    foreach (glob("$d/goal-*.json") ?: [] as $file) {
        $g = json_decode((string) file_get_contents($file), true);
        if (is_array($g) && isset($g['id'], BENCH_GOALS[$g['id']])) {
            $goals[$g['id']] = $g;
        }
    }
    if ($goals) {
        $goal_rounds[] = $goals;
    }
}

/**
 * The goals table: one row per goal of BENCH_GOALS, in its order. One round:
 * figure, ours, peer, ratio, target, met. Several: the medians of ours and the
 * peer's, the judged figure's min / median / max over the rounds, the target, and
 * how many rounds met it (the verdict: the median's).
 */
function summary_goals_table(array $rounds): void
{
    $n = count($rounds);
    $out = [];
    foreach (BENCH_GOALS as $id => [$figure, , , $judged, $script]) {
        $mine = array_values(array_filter(array_map(fn(array $round): ?array => $round[$id] ?? null, $rounds)));
        $unmeasured = array_filter($mine, fn(array $g): bool => ($g['measured'] ?? true) === false);
        $mine = array_values(array_filter($mine, fn(array $g): bool => ($g['measured'] ?? true) !== false));
        if (!$mine) {
            $why = $unmeasured ? 'not measured: ' . implode('; ', array_unique(array_column($unmeasured, 'note')))
                : (is_file(__DIR__ . '/../' . $script) ? "not measured ($script did not run)" : "not measured ($script is not in this tree)");
            $out[] = $n > 1 ? [$figure, $why, '', '', '', '', bench_goal_target($id), ''] : [$figure, $why, '', '', bench_goal_target($id), ''];
            continue;
        }
        $unit = $mine[0]['unit'];
        $med = function (string $key) use ($mine): ?float {
            $v = array_values(array_filter(array_column($mine, $key), fn($x): bool => $x !== null));
            return $v ? bench_median($v) : null;
        };
        $notes = array_unique(array_filter(array_column($mine, 'note')));
        $ours = bench_goal_figure($med('ours'), $unit) . ($notes ? ' (' . implode('; ', $notes) . ')' : '');
        $peer = $mine[0]['peer'] === null && $med('peer') === null ? '' : bench_goal_figure($med('peer'), $unit);
        $fmt = fn(?float $v): string => $v === null ? 'n/a' : ($judged === 'ratio' ? bench_ratio($v) : bench_goal_figure($v));
        if ($n === 1) {
            $g = $mine[0];
            $out[] = [$figure, $ours, $peer, $judged === 'ratio' ? $fmt($g['ratio']) : '', bench_goal_target($id), $g['met'] ? 'met' : 'MISSED'];
            continue;
        }
        $values = array_values(array_filter(array_column($mine, 'value'), fn($x): bool => $x !== null));
        $met = count(array_filter(array_column($mine, 'met')));
        $median = $values ? bench_median($values) : null;
        $all_ok = !in_array(false, array_column($mine, 'ok'), true);
        $out[] = [$figure, $ours, $peer, $fmt($values ? min($values) : null), $fmt($median), $fmt($values ? max($values) : null),
            bench_goal_target($id), sprintf('%s (%d of %d rounds)', $all_ok && bench_goal_met($id, $median) ? 'met' : 'MISSED', $met, count($mine))];
    }
    if ($n > 1) {
        bench_table(['figure', 'ours (median)', 'peer (median)', 'min', 'median', 'max', 'target', 'met'], $out, [1, 2, 3, 4, 5]);
    } else {
        bench_table(['figure', 'ours', 'peer', 'ratio', 'target', 'met'], $out, [1, 2, 3]);
    }
}

if (getenv('BENCH_MODE') === 'goals') {
    $info = bench_phpredis()->info('server');
    echo "## Goals\n\n";
    printf("%s; %s CPUs, load average at the end %s; PHP %s, %s (%s); scale %s; %d round%s. Every figure beside its peer "
        . "from the same round, on the same server; ratio = ours ÷ peer (for a goal on our figure alone, that figure). "
        . "With several rounds: ours and the peer's are medians, min / median / max are the judged figure's over the rounds, "
        . "and the verdict is the median's. What each row measures: docs/benchmarks-method.md, \"The goals\".\n\n",
        date('Y-m-d H:i T'), cpu_count(), load_average(), PHP_VERSION,
        isset($info['valkey_version']) ? 'Valkey ' . $info['valkey_version'] : 'Redis ' . ($info['redis_version'] ?? '?'),
        getenv('BENCH_SERVER') ?: '?', getenv('BENCH_SCALE') ?: '1', count($goal_rounds), count($goal_rounds) === 1 ? '' : 's');
    if (!$goal_rounds) {
        echo "No goal was measured.\n";
        exit(1);
    }
    summary_goals_table($goal_rounds);
    exit(0);
}

$rows = [];
/** One row; $ratio is redislock ÷ peer, $target a predicate on it with its wording. */
$row = function (string $figure, string $rl, string $peer, string $peer_value, float $ratio,
                 string $target = '', ?bool $met = null) use (&$rows): void {
    $rows[] = [$figure, $rl, $peer, $peer_value, bench_ratio($ratio), $target, $met === null ? '' : ($met ? 'met' : 'MISSED')];
};
$ms = fn(float $v): string => bench_fixed($v, 3) . ' ms';

if (isset($res['lock'])) {
    $rates = $res['lock']['rates'];
    $rl = $rates['redislock']['cycles_per_s'];
    foreach ([
        'phpredis floor (SET NX PX + EVALSHA)' => 'phpredis floor, SET NX PX + EVALSHA',
        'symfony/lock RedisStore, new lock per cycle' => 'symfony/lock RedisStore, new lock per cycle',
        'symfony/lock RedisStore, one lock reused' => 'symfony/lock RedisStore, one lock reused',
        'malkusch/lock PHPRedisMutex' => 'php-lock (malkusch/lock) PHPRedisMutex',
    ] as $label => $peer) {
        if (isset($rates[$label])) {
            $row('lock + unlock, cycles/s (higher is better)', bench_rate($rl), $peer,
                bench_rate($rates[$label]['cycles_per_s']), $rl / $rates[$label]['cycles_per_s']);
        }
    }
}

if (isset($res['instructions'])) {
    $s = $res['instructions']['subjects'];
    $rl = $s['redislock']['per_cycle'];
    $targets = [
        'phpredis floor (SET NX PX + EVALSHA)' => ['phpredis floor, SET NX PX + EVALSHA', 0.6],
        'symfony/lock RedisStore, new lock per cycle' => ['symfony/lock RedisStore, new lock per cycle', 0.1],
        'malkusch/lock PHPRedisMutex' => ['php-lock (malkusch/lock) PHPRedisMutex', null],
    ];
    foreach ($targets as $label => [$peer, $target]) {
        if (isset($s[$label])) {
            $ratio = $rl / $s[$label]['per_cycle'];
            $row('instructions per lock + unlock in the PHP process, callgrind (lower is better)',
                number_format($rl, 0), $peer, number_format($s[$label]['per_cycle'], 0), $ratio,
                $target === null ? '' : '≤ ' . $target . 'x', $target === null ? null : $ratio <= $target);
        }
    }
}

if (isset($res['syscalls'])) {
    $s = $res['syscalls']['subjects'];
    $rl = $s['redislock']['per_cycle'];
    foreach ([
        'phpredis floor (SET NX PX + EVALSHA)' => 'phpredis floor, SET NX PX + EVALSHA',
        'symfony/lock RedisStore, new lock per cycle' => 'symfony/lock RedisStore, new lock per cycle',
        'malkusch/lock PHPRedisMutex' => 'php-lock (malkusch/lock) PHPRedisMutex',
    ] as $label => $peer) {
        if (isset($s[$label]) && $s[$label]['per_cycle'] > 0) {
            $row('system calls per lock + unlock in the PHP process, strace (lower is better)',
                bench_fixed($rl, 2), $peer, bench_fixed($s[$label]['per_cycle'], 2), $rl / $s[$label]['per_cycle']);
        }
    }
}

if (isset($res['redlock'])) {
    $r = $res['redlock'];
    foreach (['network_1ms' => '1 ms round trip', 'loopback' => 'loopback'] as $key => $where) {
        [$ratio, $us, $slowest, $sequential] = $r[$key];
        $row("Redlock acquisition on {$r['servers']} servers, µs ($where)", bench_fixed($us, 1),
            'the slowest single server', bench_fixed($slowest, 1), $ratio,
            $key === 'network_1ms' ? '≤ 1.3x' : '', $key === 'network_1ms' ? $ratio <= 1.3 : null);
        $row("Redlock acquisition on {$r['servers']} servers, µs ($where)", bench_fixed($us, 1),
            'the same servers one after the other', bench_fixed($sequential, 1), $us / $sequential);
    }
}

if (isset($res['contention']) && $res['contention']['symfony'] !== null) {
    $c = $res['contention'];
    $rl = $c['redislock'];
    $sf = $c['symfony'];
    $what = sprintf('%d processes, one lock, 1 ms hold: ', $c['processes']);
    $row($what . 'handoff p50 (lower is better)', $ms($rl['handoff_p50']), 'symfony/lock acquire(true)',
        $ms($sf['handoff_p50']), $rl['handoff_p50'] / $sf['handoff_p50'], '≤ 1 ms', $rl['handoff_p50'] <= 1);
    $row($what . 'handoff p99 (lower is better)', $ms($rl['handoff_p99']), 'symfony/lock acquire(true)',
        $ms($sf['handoff_p99']), $rl['handoff_p99'] / $sf['handoff_p99'], '≤ 5 ms', $rl['handoff_p99'] <= 5);
    $row($what . 'wait p99 (lower is better)', $ms($rl['wait_p99']), 'symfony/lock acquire(true)',
        $ms($sf['wait_p99']), $rl['wait_p99'] / $sf['wait_p99'], '≤ 0.1x', $rl['wait_p99'] / $sf['wait_p99'] <= 0.1);
    $row($what . 'handoffs back to the releasing process', sprintf('%d of %d', $rl['self'], $rl['handoffs']),
        'symfony/lock acquire(true)', sprintf('%d of %d', $sf['self'], $sf['handoffs']),
        $sf['self'] > 0 ? $rl['self'] / $sf['self'] : NAN);
}

/* A scale row and its peer at the same N, both with a rate and a CPU figure to divide by. */
$scale_pair = fn (array $rl, ?array $f): bool => $f !== null
    && !in_array(null, [$rl['rate'], $rl['cpu_us_per_op'], $f['rate'], $f['cpu_us_per_op']], true)
    && $f['rate'] && $f['cpu_us_per_op'];

if (isset($res['scale_lock'])) {
    $s = $res['scale_lock']['rows'];
    $floor = 'phpredis floor (SET NX PX + EVALSHA)';
    foreach ($s['redislock'] ?? [] as $n => $rl) {
        $f = $s[$floor][$n] ?? null;
        if (!$scale_pair($rl, $f)) {
            continue;
        }
        $ok = $rl['failed'] === 0 && $f['failed'] === 0;
        $peer = 'phpredis floor, SET NX PX + EVALSHA' . ($ok ? '' : ' (CHECK FAILED, see above)');
        $what = sprintf('%d process%s, a lock name per process, one Redis: ', $n, $n > 1 ? 'es' : '');
        $ratio = $rl['rate'] / $f['rate'];
        $row($what . 'lock + unlock cycles/s (higher is better)', bench_rate($rl['rate']), $peer, bench_rate($f['rate']),
            $ratio, '≥ 1.0x', $ok && $ratio >= 1.0);
        $ratio = $rl['cpu_us_per_op'] / $f['cpu_us_per_op'];
        $row($what . 'Redis CPU µs per lock + unlock (lower is better)', bench_fixed($rl['cpu_us_per_op'], 2), $peer,
            bench_fixed($f['cpu_us_per_op'], 2), $ratio, '≤ 1.0x', $ok && $ratio <= 1.0);
    }
}

if (isset($res['semaphore'])) {
    $s = $res['semaphore'];
    $peer_name = fn(string $label, int $limit): string => $label . ' (limit ' . $limit . ')';
    foreach ($s['throughput'] as $t) {
        if (str_starts_with($t['label'], 'redislock') || $t['rate'] === null) {
            continue;
        }
        $what = sprintf('semaphore acquire + release, limit %d, %d process%s, cycles/s (higher is better)',
            $t['rl_limit'], $t['n'], $t['n'] > 1 ? 'es' : '');
        $peer = $peer_name($t['label'], $t['limit']) . ($t['ok'] ? '' : ' (CHECK FAILED, see above)');
        if ($t['rl_rate'] === null) {
            $rows[] = [$what, 'not available', $peer, bench_rate($t['rate']), 'n/a', '≥ 2x', 'not measured'];
            continue;
        }
        $ratio = $t['rl_rate'] / $t['rate'];
        $row($what, bench_rate($t['rl_rate']) . ($t['rl_ok'] ? '' : ' (CHECK FAILED)'), $peer, bench_rate($t['rate']),
            $ratio, '≥ 2x', $t['ok'] && $t['rl_ok'] && $ratio >= 2);
    }
    $rlw = $s['waits']['redislock RedisSemaphore'] ?? null;
    foreach ($s['waits'] as $label => $w) {
        if (str_starts_with($label, 'redislock') || $w === null) {
            continue;
        }
        $what = sprintf('semaphore, %d processes on limit %d, %s ms hold: wait %%s (lower is better)',
            $s['processes'], $s['limits']['busy'], $s['hold_ms']);
        $peer = $label . ($w['ok'] ? '' : ' (CHECK FAILED, see above)');
        foreach (['p50' => null, 'p99' => 0.1] as $p => $target) {
            if ($rlw === null) {
                $rows[] = [sprintf($what, $p), 'not available', $peer, $ms($w[$p]), 'n/a',
                    $target === null ? '' : '≤ 0.1x', $target === null ? '' : 'not measured'];
                continue;
            }
            $ratio = $rlw[$p] / $w[$p];
            $row(sprintf($what, $p), $ms($rlw[$p]) . ($rlw['ok'] ? '' : ' (CHECK FAILED)'), $peer, $ms($w[$p]), $ratio,
                $target === null ? '' : '≤ 0.1x', $target === null ? null : $w['ok'] && $rlw['ok'] && $ratio <= $target);
        }
    }
}

if (isset($res['frameworks'])) {
    $f = $res['frameworks'];
    foreach ($f['frameworks'] as $fw => $fr) {
        $peer = $fr['peer_label'];
        $rl_missing = $fr['rl_unavailable'] ?? 'not measured';
        $call = $fw === 'Symfony' ? 'createLock + acquire() + release()' : 'lock() + get() + release()';
        foreach ($fr['throughput'] as $n => $t) {
            if ($t['peer'] === null) {
                continue;
            }
            $what = sprintf('%s adapter, %s, %d process%s on names of their own, cycles/s (higher is better)',
                $fw, $call, $n, $n > 1 ? 'es' : '');
            $p = $peer . ($t['peer_ok'] ? '' : ' (CHECK FAILED, see above)');
            if ($t['rl'] === null) {
                $rows[] = [$what, $rl_missing, $p, bench_rate($t['peer']), 'n/a', '', ''];
                continue;
            }
            $row($what, bench_rate($t['rl']) . ($t['rl_ok'] ? '' : ' (CHECK FAILED)'), $p, bench_rate($t['peer']), $t['rl'] / $t['peer']);
        }
        $w = $fr['waits'];
        if ($w !== null) {
            $poll = $w['peer']['interval_ms'] !== null ? sprintf(', polls, observed every %s ms', bench_fixed($w['peer']['interval_ms'], 0)) : ', polls';
            $p = sprintf('%s%s; waits > %s ms: %s, max %s', $peer, $poll, $f['long_ms'], $w['peer']['long'], $ms($w['peer']['max'] ?? NAN))
                . ($w['peer']['ok'] ? '' : ' (CHECK FAILED, see above)');
            foreach (['p50', 'p99'] as $q) {
                $what = sprintf('%s adapter, %d processes on one lock, %s ms hold, %s: wait %s (lower is better)', $fw,
                    $f['processes'], $f['hold_ms'], $fw === 'Symfony' ? 'acquire(true)' : 'block($seconds, $callback)', $q);
                if ($w['rl'] === null) {
                    $rows[] = [$what, $rl_missing, $p, $ms($w['peer'][$q]), 'n/a', '', ''];
                    continue;
                }
                $row($what, $ms($w['rl'][$q]) . ($w['rl']['ok'] ? '' : ' (CHECK FAILED)'), $p, $ms($w['peer'][$q]),
                    $w['rl'][$q] / $w['peer'][$q]);
            }
        }
        $s = $fr['sends'];
        if (isset($s['peer'])) {
            $what = sprintf('%s adapter, what one uncontended cycle sends (MONITOR), request bytes (lower is better)', $fw);
            $p = sprintf('%s: %s', $peer, $s['peer']['sent']);
            if (!isset($s['rl'])) {
                $rows[] = [$what, $rl_missing, $p, number_format($s['peer']['bytes']) . ' B', 'n/a', '', ''];
            } else {
                $row($what, sprintf('%s, %s B', $s['rl']['sent'], number_format($s['rl']['bytes'])), $p,
                    number_format($s['peer']['bytes']) . ' B', $s['rl']['bytes'] / max(1, $s['peer']['bytes']));
            }
        }
    }
}

if (isset($res['enqueue'])) {
    $e = $res['enqueue'];
    $rl = $e['redislock']['median'];
    $row(sprintf('enqueue %s ids in one call, ids/s, median (higher is better)', number_format($e['ids'])), bench_rate($rl),
        'seed pattern: queue lock + ZSCORE/ZADD per id', bench_rate($e['seed']['median']), $rl / $e['seed']['median'],
        '≥ 20x', $rl / $e['seed']['median'] >= 20);
    $row(sprintf('enqueue %s ids in one call, ids/s, median (higher is better)', number_format($e['ids'])), bench_rate($rl),
        'one raw ZADD NX', bench_rate($e['raw']['median']), $rl / $e['raw']['median'],
        '≥ 0.8x', $rl / $e['raw']['median'] >= 0.8);
}

if (isset($res['workers'])) {
    $w = $res['workers']['rates'];
    foreach ([1, 8] as $n) {
        $rl = $w['pop'][$n]['median'] ?? null;
        if ($rl === null) {
            continue;
        }
        foreach ([
            'seed pattern pop (queue lock + ZRANGEBYSCORE + ZREM + unlock)' => 'seed pattern pop: queue lock + ZRANGEBYSCORE + ZREM + unlock',
            '(reference) phpredis zPopMin, no due-time check' => 'raw ZPOPMIN, no due-time check',
        ] as $label => $peer) {
            if (isset($w[$label][$n])) {
                $ok = $w['pop'][$n]['ok'] && $w[$label][$n]['ok'];
                $row(sprintf('pop one task per call, %d worker%s, tasks/s (higher is better)', $n, $n > 1 ? 's' : ''),
                    bench_rate($rl), $peer . ($ok ? '' : ' (CHECK FAILED, see above)'),
                    bench_rate($w[$label][$n]['median']), $rl / $w[$label][$n]['median']);
            }
        }
    }
}

if (isset($res['reserve'])) {
    $s = $res['reserve']['rows'];
    $rl_label = 'redislock reserve() + ack(receipt)';
    foreach ([1, 8] as $n) {
        $rl = $s[$rl_label][$n] ?? null;
        $what = sprintf('reserve + ack with receipts, %d worker%s: ', $n, $n > 1 ? 's' : '');
        foreach ([
            'Laravel RedisQueue pop() + delete()' => ['Laravel Illuminate\\Queue\\RedisQueue pop() + delete()', 1.5],
            '(floor) phpredis ZPOPMIN + ZADD, ZREM' => ['raw floor: ZPOPMIN + ZADD, ZREM', null],
        ] as $label => [$peer, $target]) {
            $p = $s[$label][$n] ?? null;
            if ($p === null || $p['rate'] === null) {
                continue;
            }
            $peer .= $p['ok'] ? '' : ' (CHECK FAILED, see above)';
            if ($rl === null || $rl['rate'] === null) {
                $rows[] = [$what . 'tasks/s (higher is better)', 'not available', $peer, bench_rate($p['rate']), 'n/a',
                    $target === null ? '' : '≥ 1.5x', $target === null ? '' : 'not measured'];
                continue;
            }
            $ok = $rl['ok'] && $p['ok'];
            $ratio = $rl['rate'] / $p['rate'];
            $row($what . 'tasks/s (higher is better)', bench_rate($rl['rate']) . ($rl['ok'] ? '' : ' (CHECK FAILED)'), $peer,
                bench_rate($p['rate']), $ratio, $target === null ? '' : '≥ ' . $target . 'x',
                $target === null ? null : $ok && $ratio >= $target);
            if ($rl['cpu_us_per_op'] !== null && $p['cpu_us_per_op']) {
                $row($what . 'Redis CPU µs per task (lower is better)', bench_fixed($rl['cpu_us_per_op'], 2), $peer,
                    bench_fixed($p['cpu_us_per_op'], 2), $rl['cpu_us_per_op'] / $p['cpu_us_per_op']);
            }
        }
    }
}

/* Jobs through the frameworks' own workers, against the targets at 8 workers
 * (bench/lib/jobs.php, bench/lib/goals.php): Redis CPU per job for reserve + ack
 * ≤ 0.35x Laravel's redis queue and ≤ 0.5x Symfony's Redis transport, for
 * enqueue + reserve + ack ≤ 0.6x and ≤ 0.7x, one round trip per job in the worker loop, jobs/s ≥ the peer's;
 * and how many jobs per second one Redis core serves (10^6 µs ÷ µs per job). */
$jobs = [];
if (isset($res['jobs_laravel'])) {
    foreach ([1, 8] as $n) {
        $rl = $res['jobs_laravel']["redislock_$n"] ?? null;
        $p = $res['jobs_laravel']["redis_$n"] ?? null;
        if ($rl && $p) {
            $jobs[] = ['Laravel jobs through queue:work', "Laravel's redis driver (phpredis)", $n, 'laravel',
                [$rl['jobs_per_s'], $rl['cpu_us_per_job'], $rl['cpu_us_per_job_with_enqueue'] ?? null, $rl['round_trips_per_job'] ?? null],
                [$p['jobs_per_s'], $p['cpu_us_per_job'], $p['cpu_us_per_job_with_enqueue'] ?? null]];
        }
    }
}
if (isset($res['jobs_symfony'])) {
    foreach ([1, 8] as $n) {
        $rl = $res['jobs_symfony']['rows']['redislock RedisLockTransport'][$n] ?? null;
        $p = $res['jobs_symfony']['rows']['Symfony RedisTransport (phpredis)'][$n] ?? null;
        if ($rl && $p && $rl['rate'] && $p['rate']) {
            $jobs[] = ['Symfony Messenger messages through messenger:consume', "Symfony's Redis transport (phpredis)", $n, 'symfony',
                [$rl['rate'], $rl['cpu_us_per_op'], $rl['cpu_us_per_op_with_enqueue'] ?? null, $rl['round_trips_per_op'] ?? null],
                [$p['rate'], $p['cpu_us_per_op'], $p['cpu_us_per_op_with_enqueue'] ?? null]];
        }
    }
}
foreach ($jobs as [$what, $peer, $n, $fw, [$rl_rate, $rl_cpu, $rl_all, $rl_rt], [$p_rate, $p_cpu, $p_all]]) {
    $cpu_target = JOBS_TARGET_RESERVE_ACK_CPU[$fw];
    $all_target = JOBS_TARGET_ENQUEUE_RESERVE_ACK_CPU[$fw];
    $at = sprintf('%s, %d worker%s, 1 KiB payloads: ', $what, $n, $n > 1 ? 's' : '');
    $judge = $n === 8;
    $ratio = $rl_rate / $p_rate;
    $row($at . 'jobs/s (higher is better)', bench_rate($rl_rate), $peer, bench_rate($p_rate), $ratio,
        $judge ? '≥ 1x' : '', $judge ? $ratio >= 1 : null);
    if ($rl_cpu && $p_cpu) {
        $ratio = $rl_cpu / $p_cpu;
        $row($at . 'Redis CPU µs per job, reserve + ack (lower is better)', bench_fixed($rl_cpu, 2), $peer, bench_fixed($p_cpu, 2),
            $ratio, $judge ? '≤ ' . bench_ratio($cpu_target) : '', $judge ? $ratio <= $cpu_target : null);
        $row($at . 'jobs per second one Redis core serves, reserve + ack', bench_rate(1e6 / $rl_cpu), $peer,
            bench_rate(1e6 / $p_cpu), $p_cpu / $rl_cpu);
    }
    if ($rl_all && $p_all) {
        $ratio = $rl_all / $p_all;
        $row($at . 'Redis CPU µs per job, enqueue + reserve + ack (lower is better)', bench_fixed($rl_all, 2), $peer,
            bench_fixed($p_all, 2), $ratio, $judge ? '≤ ' . bench_ratio($all_target) : '', $judge ? $ratio <= $all_target : null);
        $row($at . 'jobs per second one Redis core serves, enqueue + reserve + ack', bench_rate(1e6 / $rl_all), $peer,
            bench_rate(1e6 / $p_all), $p_all / $rl_all);
    }
    if ($rl_rt !== null && $judge) {
        $rows[] = [$at . 'round trips per job in the worker loop', bench_fixed($rl_rt, 2), '', '', '', '1',
            round($rl_rt, 2) <= 1.0 ? 'met' : 'MISSED'];
    }
}

if (isset($res['scale_queue'])) {
    $s = $res['scale_queue']['rows'];
    $raw = '(reference) phpredis zPopMin, no due-time check';
    foreach ($s['pop'] ?? [] as $n => $rl) {
        $f = $s[$raw][$n] ?? null;
        if (!$scale_pair($rl, $f)) {
            continue;
        }
        $ok = $rl['ok'] && $f['ok'] && $rl['failed'] === 0 && $f['failed'] === 0;
        $peer = 'raw ZPOPMIN, no due-time check' . ($ok ? '' : ' (CHECK FAILED, see above)');
        $what = sprintf('%d worker%s for a fixed time, one Redis: pop ', $n, $n > 1 ? 's' : '');
        $ratio = $rl['rate'] / $f['rate'];
        $row($what . 'tasks/s (higher is better)', bench_rate($rl['rate']), $peer, bench_rate($f['rate']), $ratio,
            $n === 8 ? '≥ 0.9x' : '', $n === 8 ? $ok && $ratio >= 0.9 : null);
        $row($what . 'Redis CPU µs per task (lower is better)', bench_fixed($rl['cpu_us_per_op'], 2), $peer,
            bench_fixed($f['cpu_us_per_op'], 2), $rl['cpu_us_per_op'] / $f['cpu_us_per_op']);
    }
}

if (isset($res['wakeup'])) {
    $k = $res['wakeup'];
    $row('wake-up of a blocked pop(), p50 (lower is better)', $ms($k['redislock']['p50']), 'bare BLPOP woken by LPUSH',
        $ms($k['blpop']['p50']), $k['redislock']['p50'] / $k['blpop']['p50']);
    $row('wake-up of a blocked pop(), p99 (lower is better)', $ms($k['redislock']['p99']), 'bare BLPOP woken by LPUSH',
        $ms($k['blpop']['p99']), $k['redislock']['p99'] / $k['blpop']['p99']);
}

if (isset($res['fpm'])) {
    $f = $res['fpm'];
    $row(sprintf('PHP-FPM page taking one lock, %d workers, requests/s (higher is better)', $f['workers']),
        bench_rate($f['rate']['persistent']) . ' (persistent)', 'redislock, fresh connection per request',
        bench_rate($f['rate']['fresh']), $f['rate']['persistent'] / $f['rate']['fresh']);
}

if (isset($res['limiter'])) {
    $l = $res['limiter'];
    $rates = $l['rates'];
    foreach ([['redislock Laravel RateLimiter::attempt()', 'Laravel RateLimiter::attempt(), redis store (phpredis)', 2.0],
        ['redislock Symfony RedisLimiter::consume()', 'symfony RateLimiterFactory, Redis cache + RedisStore lock', 5.0]] as [$ours, $peer, $target]) {
        foreach ($rates[$ours] ?? [] as $n => $f) {
            if (!isset($rates[$peer][$n])) {
                continue;
            }
            $ratio = $f['decisions_per_s'] / $rates[$peer][$n]['decisions_per_s'];
            $row(sprintf('rate limit decisions/s, %d process%s (higher is better)', $n, $n > 1 ? 'es' : ''),
                bench_rate($f['decisions_per_s']) . ' (' . $ours . ')', $peer, bench_rate($rates[$peer][$n]['decisions_per_s']),
                $ratio, '≥ ' . $target . 'x', $ratio >= $target);
        }
    }
    $raw = 'redislock RedisRateLimiter::consume()';
    foreach ($rates[$raw] ?? [] as $n => $f) {
        $cheaper = null;
        foreach (['Laravel RateLimiter::attempt(), redis store (phpredis)', 'symfony RateLimiterFactory, Redis cache + RedisStore lock'] as $peer) {
            if (isset($rates[$peer][$n]) && ($cheaper === null || $rates[$peer][$n]['cpu_us'] < $rates[$cheaper][$n]['cpu_us'])) {
                $cheaper = $peer;
            }
        }
        if ($cheaper !== null) {
            $ratio = $f['cpu_us'] / $rates[$cheaper][$n]['cpu_us'];
            $row(sprintf('rate limit, Redis CPU µs per decision, %d process%s (lower is better)', $n, $n > 1 ? 'es' : ''),
                bench_fixed($f['cpu_us'], 1), $cheaper . ' (the cheaper peer)', bench_fixed($rates[$cheaper][$n]['cpu_us'], 1),
                $ratio, '≤ 0.5x', $ratio <= 0.5);
        }
    }
    foreach ($l['over'] as $label => $over) {
        if (str_starts_with($label, 'redislock')) {
            $rows[] = ['rate limit, admissions over the limit, 32 processes, 10 windows (' . $label . ')', (string) $over,
                'peers: ' . implode(', ', array_map(fn(string $p, int $o): string => "$p $o",
                    array_keys(array_filter($l['over'], fn($k) => !str_starts_with($k, 'redislock'), ARRAY_FILTER_USE_KEY)),
                    array_filter($l['over'], fn($k) => !str_starts_with($k, 'redislock'), ARRAY_FILTER_USE_KEY))),
                '', '', '0', $over === 0 ? 'met' : 'MISSED'];
        }
    }
}

if (isset($res['latency'])) {
    foreach ($res['latency']['promises'] as $p) {
        $rows[] = [$p['promise'] . ', ms (lower is better)',
            sprintf('median %s, p99 %s, worst %s of %s; %d over the target', $p['median'], $p['p99'], $p['worst'],
                number_format($p['n']), $p['over']), '', '', '', $p['target'], $p['met'] ? 'met' : 'MISSED'];
    }
}

if (isset($res['leases'])) {
    $first = null;
    foreach ($res['leases'] as $size => $f) {
        $first ??= $f['leased_ms'];
        $rows[] = [sprintf('leased addLock() beside %s holds watched, ms (lower is better)', number_format((int) $size)),
            $ms($f['leased_ms']), 'plain addLock()', $ms($f['plain_ms']), bench_ratio($f['leased_ms'] / max(1e-9, $f['plain_ms'])),
            '≤ 3x the first row', $f['leased_ms'] <= 3 * $first ? 'met' : 'MISSED'];
        $rows[] = [sprintf('leased holds lapsed of %s on a 1 s lease, three leases later', number_format((int) $size + 500)),
            (string) $f['lapsed'], '', '', '', '0', $f['lapsed'] === 0 ? 'met' : 'MISSED'];
    }
}

if (isset($res['backlog'])) {
    $b = $res['backlog'];
    foreach ($b['rows'] as $label => $us) {
        $ratio = $us / max(1e-9, $b['symfony_us']);
        $row(sprintf('a backlog of %s jobs drained by 8 workers, Redis CPU µs/job (lower is better): %s', number_format($b['jobs']), $label),
            bench_fixed($us, 1), "Symfony's commands (XREADGROUP + XACK + XDEL)", bench_fixed($b['symfony_us'], 1), $ratio,
            $label === 'on the stream' ? '≤ 0.5x' : '', $label === 'on the stream' ? $ratio <= 0.5 : null);
    }
}

foreach (['memory_lock' => ['cycles', 'lock + unlock cycles'], 'memory_queue' => ['ops', 'queue operations (enqueue, pop, reserve, ack)']] as $key => [$count, $what]) {
    if (isset($res[$key])) {
        $m = $res[$key];
        $rows[] = [sprintf('%s %s in one process: growth after the first sample', number_format($m[$count]), $what),
            sprintf('%+d B memory_get_usage(), %+d KiB RSS', $m['mem_after'], $m['rss_after']), '', '', '',
            'flat', ($m['failed'] === 0 && $m['mem_after'] <= 4096 && $m['rss_after'] <= 1024) ? 'met' : 'MISSED'];
    }
}

$info = bench_phpredis()->info('server');
echo "## Summary\n\n";
printf("%s; %s CPUs, load average at the end %s; PHP %s, Redis %s (%s); phpredis %s, symfony/lock %s, php-lock %s%s%s%s; scale %s. "
    . "Every figure beside its peers from this run, on this server. The ratio column is redislock ÷ peer.\n\n",
    date('Y-m-d H:i T'), cpu_count(),
    load_average(),
    PHP_VERSION, $info['redis_version'] ?? '?', getenv('BENCH_SERVER') ?: '?', phpversion('redis') ?: '?',
    getenv('BENCH_SYMFONY') ?: '?', getenv('BENCH_MALKUSCH') ?: '?',
    isset($res['semaphore']) ? sprintf(', Laravel Illuminate\\Redis %s, symfony/semaphore %s',
        getenv('BENCH_ILLUMINATE_REDIS') ?: '?', getenv('BENCH_SYMFONY_SEMAPHORE') ?: '?') : '',
    isset($res['reserve']) ? sprintf(', Laravel Illuminate\\Queue %s', getenv('BENCH_ILLUMINATE_QUEUE') ?: '?') : '',
    isset($res['frameworks']) ? sprintf(', Laravel Illuminate\\Cache %s%s', getenv('BENCH_ILLUMINATE_CACHE') ?: '?',
        isset($res['semaphore']) ? '' : ', Illuminate\\Redis ' . (getenv('BENCH_ILLUMINATE_REDIS') ?: '?')) : '',
    getenv('BENCH_SCALE') ?: '1');
if (isset($res['idle'])) {
    $i = $res['idle'];
    $row('Redis CPU per job with 200 idle workers (stream layout; lower is better)', bench_fixed($i['idle_200_us']) . ' µs',
        'the same with 8 idle workers', bench_fixed($i['idle_8_us']) . ' µs', $i['idle_200_over_8'], '≤ 1.2x',
        $i['idle_200_over_8'] <= 1.2);
}
if (isset($res['since'])) {
    foreach ($res['since']['rows'] as $label => $f) {
        $target = $f['target'] ?? 1.0;
        if (($f['judged'] ?? 'script') === 'cpu') {
            $row("$label: Redis CPU per operation (lower is better)", bench_fixed($f['ours_cpu'], 2) . ' µs',
                "the build of {$res['since']['since']}", bench_fixed($f['theirs_cpu'], 2) . ' µs', $f['cpu_ratio'],
                '≤ ' . bench_fixed($target, 2) . 'x', $f['cpu_ratio'] <= $target);
            continue;
        }
        $row("$label: server µs in scripts and reads (lower is better)", bench_fixed($f['ours_us'], 2) . ' µs',
            "the build of {$res['since']['since']}", bench_fixed($f['theirs_us'], 2) . ' µs', $f['ratio'], '≤ ' . bench_fixed($target, 2) . 'x',
            $f['ratio'] <= $target);
    }
}
if (isset($res['dedupe']) && count($res['dedupe']['rows']) === 2) {
    [$ours, $lock] = array_values($res['dedupe']['rows']);
    $row('Messenger DeduplicateStamp on a redislock transport: round trips per accepted send (lower is better)',
        bench_fixed($ours['sent']['round_trips'], 2), 'Symfony\'s DeduplicateMiddleware, its lock on our store',
        bench_fixed($lock['sent']['round_trips'], 2), $ours['sent']['round_trips'] / max($lock['sent']['round_trips'], 1e-9),
        '≤ 1 round trip', $ours['sent']['round_trips'] <= 1.0);
}
if (!$rows) {
    echo "No figures were recorded.\n";
    exit(1);
}
bench_table(['figure', 'redislock', 'peer', 'peer\'s figure', 'ratio', 'target', 'met'], $rows, [1, 3, 4]);
if ($goal_rounds) {
    echo "## Goals\n\nThe goals' rows of this run (ratio = ours ÷ peer; docs/benchmarks-method.md, \"The goals\").\n\n";
    summary_goals_table($goal_rounds);
}
