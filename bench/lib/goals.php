<?php
/* The goals: the figures redislock promises against its peers, each with its
 * target. The script that measures a figure prints its row (figure, ours, peer,
 * ratio, target, met or MISSED) and keeps it for the goals table of
 * bench/summary.php (bench/run goals prints only that table, with the spread over
 * its rounds). The list below is the one place the targets are written. */

declare(strict_types=1);

/*
 * id => [figure, '≤' or '≥', target, what the target judges: 'ratio' (ours ÷ peer)
 * or 'ours' (our figure alone), the script that measures it].
 */
const BENCH_GOALS = [
    'messenger_reserve_ack' => ['Messenger, 8 workers: Redis CPU µs per message, reserve + ack, ÷ Symfony\'s Redis transport',
        '≤', 0.5, 'ratio', 'bench/jobs_symfony.php'],
    'messenger_enqueue_reserve_ack' => ['Messenger, 8 workers: Redis CPU µs per message, enqueue + reserve + ack, ÷ Symfony\'s Redis transport',
        '≤', 0.7, 'ratio', 'bench/jobs_symfony.php'],
    'laravel_reserve_ack' => ['Laravel queue:work, 8 workers: Redis CPU µs per job, reserve + ack, ÷ Laravel\'s redis driver',
        '≤', 0.35, 'ratio', 'bench/jobs_laravel.php'],
    'laravel_enqueue_reserve_ack' => ['Laravel queue:work, 8 workers: Redis CPU µs per job, enqueue + reserve + ack, ÷ Laravel\'s redis driver',
        '≤', 0.6, 'ratio', 'bench/jobs_laravel.php'],
    'pop' => ['pop(), 8 workers: tasks/s ÷ raw ZPOPMIN (no due-time check)', '≥', 0.9, 'ratio', 'bench/scale.php'],
    'limiter' => ['RedisRateLimiter::consume(), 8 processes: Redis CPU µs per decision ÷ Laravel\'s RateLimiter::attempt()',
        '≤', 0.5, 'ratio', 'bench/limiter.php'],
    'funnel' => ['Cache::funnel(), 8 processes on limit 3: acquisitions/s ÷ Laravel\'s (and no waiter overtaken)',
        '≥', 3.0, 'ratio', 'bench/funnel.php'],
    'idle' => ['200 idle workers ÷ 8 idle workers: Redis CPU µs per job', '≤', 1.2, 'ratio', 'bench/idle.php'],
    'backlog' => ['backlog of 20,000 1 KiB jobs, 8 workers started after: Redis CPU µs per job, reserve + ack, ÷ the commands Symfony\'s transport sends',
        '≤', 0.5, 'ratio', 'bench/backlog.php'],
    'enqueue' => ['enqueue() of 1,000 ids: socket writes of the PHP process per call (each page still bounded)',
        '≤', 1.0, 'ours', 'bench/enqueue.php'],
    'submit' => ['submit(), every uniqueness mode, both layouts: round trips per call (the worst row)',
        '≤', 1.0, 'ours', 'bench/submit.php'],
    'dedupe' => ['Messenger DeduplicateStamp on a redislock transport: round trips per accepted send, ours (peer: Symfony\'s lock on our store)',
        '≤', 1.0, 'ours', 'bench/dedupe.php'],
];

/** The target as the tables print it: "≤ 0.50x", "≥ 3.00x", "≤ 1". */
function bench_goal_target(string $id): string
{
    [, $op, $target, $judged] = BENCH_GOALS[$id];
    return $op . ' ' . ($judged === 'ratio' ? bench_ratio($target) : bench_fixed($target, $target == floor($target) ? 0 : 2));
}

/** Whether $value meets the target of goal $id. */
function bench_goal_met(string $id, ?float $value): bool
{
    [, $op, $target] = BENCH_GOALS[$id];
    if ($value === null || !is_finite($value)) {
        return false;
    }
    return $op === '≤' ? $value <= $target : $value >= $target;
}

/**
 * One goal's row of this run: $ours and $peer the two figures (as $unit says;
 * $peer null for a goal judged on our figure alone), $ok false when the run's
 * own check failed (the row is MISSED then, whatever its figures), $note a few
 * words shown beside ours (a check that failed, a figure the target also needs).
 */
function bench_goal(string $id, ?float $ours, ?float $peer, string $unit, bool $ok = true, string $note = ''): array
{
    if (!isset(BENCH_GOALS[$id])) {
        throw new LogicException("no goal '$id' in BENCH_GOALS");
    }
    $fin = fn(?float $v): ?float => $v !== null && is_finite($v) ? $v : null;
    $ours = $fin($ours);
    $peer = $fin($peer);
    $ratio = $ours !== null && $peer !== null && $peer != 0.0 ? $ours / $peer : null;
    $value = BENCH_GOALS[$id][3] === 'ratio' ? $ratio : $ours;
    return ['id' => $id, 'figure' => BENCH_GOALS[$id][0], 'ours' => $ours, 'peer' => $peer, 'unit' => $unit,
        'ratio' => $ratio, 'value' => $value, 'ok' => $ok, 'note' => $note,
        'met' => $ok && bench_goal_met($id, $value)];
}

/** A goal's row that this run could not measure, and why (a few words). */
function bench_goal_unmeasured(string $id, string $why): array
{
    return ['id' => $id, 'figure' => BENCH_GOALS[$id][0], 'ours' => null, 'peer' => null, 'unit' => '', 'ratio' => null,
        'value' => null, 'ok' => true, 'note' => $why, 'met' => false, 'measured' => false];
}

/** A figure of a goal row: 2 decimals below 100, none above. */
function bench_goal_figure(?float $v, string $unit = ''): string
{
    if ($v === null) {
        return 'n/a';
    }
    return bench_fixed($v, abs($v) >= 100 ? 0 : 2) . ($unit === '' ? '' : " $unit");
}

/**
 * Prints the goal rows a script measured, as one table, and keeps each for the
 * summary (BENCH_RESULTS/goal-ID.json; a script run by hand keeps nothing).
 */
function bench_goals_print(array $goals): void
{
    if (!$goals) {
        return;
    }
    echo "Against the goals (ratio = ours ÷ peer; met or MISSED):\n\n";
    $out = [];
    foreach ($goals as $g) {
        $out[] = ($g['measured'] ?? true) === false ? [$g['figure'], 'not measured: ' . $g['note'], '', '', bench_goal_target($g['id']), ''] : [$g['figure'], bench_goal_figure($g['ours'], $g['unit']) . ($g['note'] === '' ? '' : " ({$g['note']})"),
            BENCH_GOALS[$g['id']][3] === 'ours' && $g['peer'] === null ? '' : bench_goal_figure($g['peer'], $g['unit']),
            $g['ratio'] === null ? '' : bench_ratio($g['ratio']),
            bench_goal_target($g['id']), $g['met'] ? 'met' : 'MISSED'];
        $dir = getenv('BENCH_RESULTS');
        if ($dir !== false && $dir !== '' && is_dir($dir)) {
            file_put_contents("$dir/goal-{$g['id']}.json", json_encode($g, JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION));
        }
    }
    bench_table(['figure', 'ours', 'peer', 'ratio', 'target', 'met'], $out, [1, 2, 3]);
}
