<?php
/* What one RedisQueue::submit() costs in each uniqueness mode, against Laravel's
 * unique dispatch (a ShouldBeUnique job: Bus\UniqueLock::acquire(), a SET NX EX
 * through Laravel's redis cache store, then, when it got the lock, the redis
 * queue's push, one EVAL), on each layout of ours:
 *
 *   - round trips per call: the server's socket reads (INFO stats
 *     total_reads_processed) over the calls, ÷ calls, the harness's own INFO
 *     taken out;
 *   - commands per call: the commands the server ran (those inside the scripts
 *     included, the scripts themselves not), ÷ calls;
 *   - Redis CPU µs per call: used_cpu_user + used_cpu_sys over the calls.
 *
 * Each call submits one of K/2 ids, each twice in a row: the first is queued (or
 * debounced), the second a duplicate, as in a burst of double submits; 1 KiB
 * payloads; by key (uniqueKey), each call is a new id and each key is submitted
 * twice. Laravel's side pushes when UniqueLock got the lock and does nothing
 * else for a duplicate (its lock is released when the job has run, not measured
 * here). The goal: submit() is one round trip in every mode. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const SUBMIT_LARAVEL = "Laravel's unique dispatch";
const SUBMIT_LARAVEL_PACKAGES = ['Support', 'Container', 'Contracts', 'Cache', 'Redis', 'Queue', 'Bus'];
bench_needs(SUBMIT_LARAVEL, array_combine(
    array_map(fn(string $package): string => "/usr/share/php/Illuminate/$package/autoload.php", SUBMIT_LARAVEL_PACKAGES),
    array_map(fn(string $package): string => 'php-illuminate-' . strtolower($package), SUBMIT_LARAVEL_PACKAGES)),
    fn(): ?string => class_exists(Illuminate\Bus\UniqueLock::class) ? null : 'Illuminate\\Bus\\UniqueLock is missing (Laravel before 8)');

/** The modes also measured with a uniqueKey (a new id each call, a key each two calls). */
const SUBMIT_KEYED = ['until_started', 'until_done', 'debounce'];

const SUBMIT_MODES = [
    'none' => [0.0, 0.0, 0.0],
    'until_started' => [0.0, 0.0, 0.0],
    'until_done' => [0.0, 0.0, 0.0],
    'window' => [0.0, 60.0, 0.0],
    'debounce' => [5.0, 0.0, 30.0],
];

/** [round trips, commands, Redis CPU µs] so far, the harness's own reads counted once more by the caller. */
function submit_counters(Redis $r): array
{
    $commands = 0;
    foreach (bench_command_stats($r) as $cmd => [$calls]) {
        if ($cmd !== 'eval' && $cmd !== 'evalsha') {
            $commands += $calls;
        }
    }
    return [(int) $r->info('stats')['total_reads_processed'], $commands, redis_cpu_s($r) * 1e6];
}

/** Runs $call($i) for i < $n; [round trips, commands, µs] per call. */
function submit_measure(Redis $r, int $n, callable $call): array
{
    [$r0, $c0, $u0] = submit_counters($r);
    for ($i = 0; $i < $n; $i++) {
        $call($i);
    }
    [$r1, $c1, $u1] = submit_counters($r);
    // The counters' own INFO calls: three reads between the two snapshots.
    return [($r1 - $r0 - 3) / $n, ($c1 - $c0) / $n, ($u1 - $u0) / $n];
}

$r = bench_phpredis();
$n = 2 * intdiv(bench_n(4000, 200), 2);
$payload = str_repeat('x', 1024);
$base = bench_name('submit');
$rows = [];
$worst = 0.0;
try {
    foreach (['zset', 'stream'] as $layout) {
        foreach (array_merge(array_keys(SUBMIT_MODES), array_map(fn ($m) => "$m by key", SUBMIT_KEYED)) as $label) {
            $mode = strtok($label, ' ');
            $keyed = $label !== $mode;
            [$delay, $for, $wait] = SUBMIT_MODES[$mode];
            $q = new RedisQueue(bench_dsn());
            $name = "$base:$layout:$mode" . ($keyed ? ':key' : '');
            if ($layout === 'stream') {
                $q->migrate($name);
            }
            $q->submit($name, 'warm', $payload, $delay, unique: $mode, uniqueFor: $for, maxWait: $wait, uniqueKey: $keyed ? 'warm' : null);
            $answers = [];
            [$rt, $cmds, $us] = submit_measure($r, $n, function (int $i) use ($q, $name, $payload, $delay, $mode, $for, $wait, $keyed, &$answers) {
                // By key: every call a new id, two calls a key.
                $a = $keyed
                    ? $q->submit($name, "id$i", $payload, $delay, unique: $mode, uniqueFor: $for, maxWait: $wait, uniqueKey: 'k' . intdiv($i, 2))
                    : $q->submit($name, 'id' . intdiv($i, 2), $payload, $delay, unique: $mode, uniqueFor: $for, maxWait: $wait);
                $answers[$a] = ($answers[$a] ?? 0) + 1;
            });
            ksort($answers);
            $rows[] = ["$label, $layout layout", bench_fixed($rt, 2), bench_fixed($cmds, 1), bench_fixed($us, 1),
                implode(', ', array_map(fn ($k, $v) => "$v $k", array_keys($answers), $answers))];
            $worst = max($worst, $rt);
            $q->clear($name);
        }
    }
    // Laravel's unique dispatch, as its PendingDispatch does it for a ShouldBeUnique job.
    $peer = null;
    $peer_missing = unavailable(SUBMIT_LARAVEL);
    if ($peer_missing === null) {
        $p = bench_dsn_parts(bench_dsn());
        $app = new Illuminate\Container\Container();
        $redis = new Illuminate\Redis\RedisManager($app, 'phpredis', ['options' => ['prefix' => ''],
            'default' => $p['socket'] !== null ? ['scheme' => 'unix', 'path' => $p['socket']] : ['host' => $p['host'], 'port' => $p['port']]]);
        $cache = new Illuminate\Cache\Repository(new Illuminate\Cache\RedisStore($redis, "$base:laravel:"));
        $lq = new Illuminate\Queue\RedisQueue($redis, "$base:laravel:queue");
        $lock = new Illuminate\Bus\UniqueLock($cache);
        $job = new class {
            public $uniqueId = '';
            public $uniqueFor = 60;
        };
        $json = json_encode(['uuid' => 'u', 'displayName' => 'Job', 'data' => $payload]);
        $lq->pushRaw($json);
        $pushed = 0;
        [$rt, $cmds, $us] = submit_measure($r, $n, function (int $i) use ($lock, $job, $lq, $json, &$pushed) {
            $job->uniqueId = 'id' . intdiv($i, 2);
            if ($lock->acquire($job)) {
                $lq->pushRaw($json);
                $pushed++;
            }
        });
        $peer = $rt;
        $rows[] = ['Laravel: UniqueLock::acquire() + RedisQueue::pushRaw()', bench_fixed($rt, 2), bench_fixed($cmds, 1),
            bench_fixed($us, 1), sprintf('%d pushed, %d duplicates', $pushed, $n - $pushed)];
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
}

echo "## submit(): one call in each uniqueness mode, against Laravel's unique dispatch\n\n";
printf("%d calls per row, each id submitted twice in a row (queued, then a duplicate), 1 KiB payloads; 'window' with uniqueFor 60, "
    . "'debounce' with a delay of 5 s and maxWait 30. Round trips = the server's socket reads ÷ calls; commands = what the server "
    . "ran ÷ calls (inside scripts included); Redis CPU = used_cpu_user + used_cpu_sys ÷ calls.\n\n", $n);
bench_table(['mode', 'round trips per call', 'commands per call', 'Redis CPU µs per call', 'answers'], $rows, [1, 2, 3]);
printf("Keys of the run deleted at the end: %d.\n\n", $swept);
bench_goals_print([bench_goal('submit', $worst, $peer, 'round trips', true,
    $peer === null ? "no peer figure: $peer_missing" : sprintf('Laravel: %s round trips per dispatch', bench_fixed($peer, 2)))]);
bench_record('submit_calls', ['calls' => $n, 'worst_round_trips' => $worst, 'laravel_round_trips' => $peer]);
