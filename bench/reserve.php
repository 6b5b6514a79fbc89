<?php
/* Reserve + ack with receipts: redislock's RedisQueue::reserve() then
 * ack($name, $id, $receipt) per task, against Laravel's Redis queue (the real
 * Illuminate\Queue\RedisQueue of Debian's php-illuminate-queue, over phpredis
 * through PhpRedisConnection: pop(), which migrates the ':delayed' and expired
 * ':reserved' jobs and reserves the next one, then RedisJob::delete(), which is
 * RedisQueue::deleteReserved(), as Laravel's worker does after a job succeeded)
 * and a raw phpredis floor (ZPOPMIN + ZADD to an in-flight set to reserve, ZREM
 * to ack). 1 and 8 forked workers per row, for a fixed time per round, on queues
 * filled beforehand so that no worker runs dry; tasks/s, Redis CPU per task,
 * commands and bytes per task.
 *
 * Workers are forked, connected and warmed up first, released together by a start
 * barrier over socket pairs (which costs the server nothing), and stay alive until
 * every worker has reported: a PHP process's exit costs CPU that would land in the
 * timings of the others. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const ILLUMINATE_QUEUE_AUTOLOAD = '/usr/share/php/Illuminate/Queue/autoload.php';
const ILLUMINATE_REDIS_AUTOLOAD = '/usr/share/php/Illuminate/Redis/autoload.php';

const WORKER_COUNTS = [1, 8];
const ROUNDS = 3;                  // interleaved rounds per row, the order rotating from round to round
const ROUND_S = 1.0;               // measured time per round at scale 1 (times the scale)
const TASKS_PER_S = 150000;        // each queue holds this many tasks per second of round when a round starts
const TASKS_MIN = 20000;
const TASKS_MAX = 1000000;
const FILL_BATCH = 1000;           // tasks per enqueue / bulk / ZADD call when filling
const VISIBILITY_S = 60;           // reservation lifetime: Laravel's default retry_after, and the same for the others
const LARAVEL_JOB = 'App\\Jobs\\Noop';   // a job class name as a string: Laravel's payload names it, nothing runs it
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;                // SIGALRM ends a worker this long after its window, whatever happens
const RL = 'redislock reserve() + ack(receipt)';
const LARAVEL = 'Laravel RedisQueue pop() + delete()';
const RAW = '(floor) phpredis ZPOPMIN + ZADD, ZREM';
const SLUGS = [RL => 'rl', LARAVEL => 'lv', RAW => 'raw'];

/* ---- the implementations ------------------------------------------------------------ */

// What each implementation needs (bench/lib/needs.php); Laravel's files are loaded by unavailable().
bench_needs(RL, [], fn(): ?string => method_exists('RedisQueue', 'reserve') ? null
    : 'not available: this build of redislock has no RedisQueue::reserve()');
bench_needs(LARAVEL, [ILLUMINATE_QUEUE_AUTOLOAD => 'php-illuminate-queue', ILLUMINATE_REDIS_AUTOLOAD => 'php-illuminate-redis']);

/**
 * Laravel's RedisQueue as an application builds it (QueueManager + RedisConnector):
 * a Redis factory whose connection is a PhpRedisConnection on a phpredis Redis, queue
 * "default" (keys "queues:<name>", "queues:<name>:reserved", ":delayed", ":notify"),
 * retry_after VISIBILITY_S, no blocking pop, a container for the jobs.
 */
function laravel_queue(): Illuminate\Queue\RedisQueue
{
    $conn = new Illuminate\Redis\Connections\PhpRedisConnection(bench_phpredis());
    $factory = new class ($conn) implements Illuminate\Contracts\Redis\Factory {
        public function __construct(private Illuminate\Redis\Connections\PhpRedisConnection $conn)
        {
        }

        public function connection($name = null)
        {
            return $this->conn;
        }
    };
    $q = new Illuminate\Queue\RedisQueue($factory, 'default', null, VISIBILITY_S, null);
    $q->setContainer(new Illuminate\Container\Container());
    return $q;
}

/**
 * One implementation on the queue $name: fill($from, $to) adds the tasks numbered
 * $from..$to (due now), left() counts what is still queued and in flight, and
 * make() (run in a worker: its own connection, connected and scripts loaded before
 * it returns) gives the step: take one task, acknowledge it, return its id; false
 * when the acknowledgement failed, null when the queue was empty.
 */
function implementation(string $label, string $name, Redis $r): array
{
    $dsn = bench_dsn();
    switch ($label) {
        case RL:
            $q = new RedisQueue($dsn);
            return [
                'fill' => function (int $from, int $to) use ($q, $name): void {
                    for ($i = $from; $i <= $to; $i += FILL_BATCH) {
                        $q->enqueue($name, range($i, min($to, $i + FILL_BATCH - 1)));
                    }
                },
                'left' => function () use ($q, $name): array {
                    $s = $q->size($name);
                    return ['queued' => $s['due'] + $s['delayed'], 'in flight' => $s['inflight'] + $s['dead']];
                },
                'clear' => fn() => $q->clear($name),
                'make' => function () use ($dsn, $name): callable {
                    $wq = new RedisQueue($dsn);
                    $wq->reserve("$name:warm", 1, VISIBILITY_S);   // connects, loads the script; the queue is empty
                    $wq->ack("$name:warm", 'none', 'none:1');
                    return function () use ($wq, $name): string|false|null {
                        $t = $wq->reserve($name, 1, VISIBILITY_S);
                        if ($t === false) {
                            return null;
                        }
                        return $wq->ack($name, $t['id'], $t['receipt']) ? $t['id'] : false;
                    };
                },
            ];

        case LARAVEL:
            $lq = laravel_queue();
            $key = $lq->getQueue($name);
            return [
                // RedisQueue::bulk(): push() of each job in one MULTI, pipelined; every payload has a random id.
                'fill' => function (int $from, int $to) use ($lq, $name): void {
                    for ($i = $from; $i <= $to; $i += FILL_BATCH) {
                        $lq->bulk(array_fill(0, min($to, $i + FILL_BATCH - 1) - $i + 1, LARAVEL_JOB), '', $name);
                    }
                },
                'left' => fn(): array => ['queued' => $r->lLen($key) + $r->zCard("$key:delayed"), 'in flight' => $r->zCard("$key:reserved")],
                'clear' => fn() => $lq->clear($name),
                'make' => function () use ($name): callable {
                    $wq = laravel_queue();
                    $wq->pop("$name:warm");   // connects; the queue is empty
                    return function () use ($wq, $name): string|false|null {
                        $job = $wq->pop($name);
                        if ($job === null) {
                            return null;
                        }
                        $job->delete();   // RedisQueue::deleteReserved(): ZREM of the reserved payload
                        return (string) $job->getJobId();
                    };
                },
            ];

        case RAW:
            $key = "$name:raw";
            return [
                'fill' => function (int $from, int $to) use ($r, $key): void {
                    $score = microtime(true);
                    for ($i = $from; $i <= $to; $i += FILL_BATCH) {
                        $args = [];
                        for ($id = $i; $id <= min($to, $i + FILL_BATCH - 1); $id++) {
                            $args[] = $score;
                            $args[] = (string) $id;
                        }
                        $r->zAdd($key, ...$args);
                    }
                },
                'left' => fn(): array => ['queued' => $r->zCard($key), 'in flight' => $r->zCard("$key:inflight")],
                'clear' => fn() => $r->del($key, "$key:inflight"),
                'make' => function () use ($key): callable {
                    $wr = bench_phpredis();
                    $wr->ping();
                    return function () use ($wr, $key): string|false|null {
                        $t = $wr->zPopMin($key);
                        if (!$t) {
                            return null;
                        }
                        $id = (string) array_key_first($t);
                        $wr->zAdd("$key:inflight", microtime(true) + VISIBILITY_S, $id);
                        return $wr->zRem("$key:inflight", $id) === 1 ? $id : false;
                    };
                },
            ];
    }
    throw new LogicException("unknown implementation $label");
}

/* ---- one round of one row ---------------------------------------------------------------- */

/**
 * Runs $n workers (bench_run_workers) doing $make's step until the window's end (a
 * step begun before it is finished and counted). Returns the tasks done, the ids
 * taken, the wall time from the start signal to the last worker done, and the
 * server's CPU, bytes and commands ([calls, µs] by name) over it.
 */
function run_round(Redis $r, int $n, float $window_s, callable $make): array
{
    $run = bench_run_workers('reserve', $r, $n, $window_s, $window_s, function (int $wid) use ($make): callable {
        $step = $make();
        return function (int $end) use ($step): array {
            $ok = $failed = 0;
            $dry = false;
            $taken = [];
            while (hrtime(true) < $end) {
                $id = $step();
                if ($id === null) {
                    $dry = true;
                    break;
                }
                if ($id === false) {
                    $failed++;
                    continue;
                }
                $ok++;
                $taken[] = $id;
            }
            return ['ok' => $ok, 'failed' => $failed, 'dry' => $dry, 'ids' => $taken];
        };
    });
    $ops = $failed = $ran_dry = 0;
    $ids = [];
    foreach ($run['reports'] as $rep) {
        $ops += $rep['ok'];
        $failed += $rep['failed'];
        $ran_dry += $rep['dry'] ? 1 : 0;
        array_push($ids, ...array_map('strval', $rep['ids']));
    }
    return [
        'ops' => $ops, 'failed' => $failed, 'ran_dry' => $ran_dry, 'ids' => $ids, 'problems' => $run['problems'],
        'wall' => $run['wall'], 'cpu_us' => $run['cpu_us'], 'in' => $run['in'], 'out' => $run['out'],
        'commands' => $run['stats'],
    ];
}

/* ---- the run ---------------------------------------------------------------------------------- */

$base = bench_name('reserve');
$r = bench_phpredis();
$round_s = ROUND_S * bench_scale();
$depth = (int) min(TASKS_MAX, max(TASKS_MIN, round(TASKS_PER_S * $round_s)));
$labels = [RL, LARAVEL, RAW];

// Loaded before forking, so that every worker has Laravel's classes already.
$labels = array_values(array_filter($labels, function (string $label): bool {
    if (($why = unavailable($label)) !== null) {
        fwrite(STDERR, "$label: $why\n");
        return false;
    }
    return true;
}));

$acc = [];
$swept = $left_keys = 0;
$fill_s = [];
try {
    $impls = [];
    foreach ($labels as $label) {
        // One queue per implementation, topped up to $depth before each round.
        $impls[$label] = implementation($label, "$base:" . SLUGS[$label], $r) + ['pushed' => 0, 'seen' => []];
    }
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach (WORKER_COUNTS as $n) {
            $order = bench_rotated($labels, $round);
            foreach ($order as $label) {
                $im = &$impls[$label];
                $before = $im['left']();
                $t = bench_now();
                if ($before['queued'] < $depth) {
                    $im['fill']($im['pushed'] + 1, $im['pushed'] + $depth - $before['queued']);
                    $im['pushed'] += $depth - $before['queued'];
                }
                $fill_s[$label] = ($fill_s[$label] ?? 0.0) + bench_now() - $t;
                $queued = $im['left']()['queued'];
                $run = run_round($r, $n, $round_s, $im['make']);
                $after = $im['left']();
                $taken = count($run['ids']);
                $distinct = count(array_unique($run['ids']));
                $again = 0;
                foreach ($run['ids'] as $id) {
                    if (isset($im['seen'][$id])) {
                        $again++;
                    }
                    $im['seen'][$id] = true;
                }
                if ($taken !== $distinct || $again) {
                    $run['problems'][] = ($taken - $distinct + $again) . ' taken twice';
                }
                if ($taken + $after['queued'] !== $queued) {
                    $run['problems'][] = sprintf('taken %d + left %d ≠ %d queued', $taken, $after['queued'], $queued);
                }
                if ($after['in flight'] !== 0) {
                    $run['problems'][] = "{$after['in flight']} left in flight";
                }
                if ($run['ran_dry']) {
                    $run['problems'][] = 'RAN DRY';
                }
                unset($run['ids'], $im);
                $acc[$label][$n][] = $run;
            }
        }
    }
    foreach ($impls as $im) {
        $im['clear']();
    }
} finally {
    $swept = bench_sweep_keys($r, $base);
    $left_keys = bench_sweep_keys($r, $base);
}

/* ---- the tables ---------------------------------------------------------------------------------- */

$rows = [];
foreach ($acc as $label => $by_n) {
    foreach ($by_n as $n => $runs) {
        $ops = array_sum(array_column($runs, 'ops'));
        $wall = array_sum(array_column($runs, 'wall'));
        $cmds = [];
        foreach ($runs as $run) {
            foreach ($run['commands'] as $cmd => [$calls, $usec]) {
                $cmds[$cmd][0] = ($cmds[$cmd][0] ?? 0) + $calls;
                $cmds[$cmd][1] = ($cmds[$cmd][1] ?? 0.0) + $usec;
            }
        }
        uasort($cmds, fn(array $a, array $b): int => $b[0] <=> $a[0] ?: $b[1] <=> $a[1]);
        $scripts = 0;
        foreach (['eval', 'evalsha', 'eval_ro', 'evalsha_ro', 'fcall', 'fcall_ro'] as $s) {
            $scripts += $cmds[$s][0] ?? 0;
        }
        $problems = array_merge(...array_column($runs, 'problems'));
        $failed = array_sum(array_column($runs, 'failed'));
        if ($failed) {
            array_unshift($problems, "$failed failed acks");
        }
        $rates = array_map(fn(array $x): float => $x['wall'] > 0 ? $x['ops'] / $x['wall'] : NAN, $runs);
        $cpu = array_sum(array_column($runs, 'cpu_us'));
        $rows[$label][$n] = [
            'ops' => $ops,
            'rate' => $wall > 0 ? $ops / $wall : NAN,
            'spread' => [min($rates), max($rates)],
            'cpu_per_op' => $ops ? $cpu / $ops : NAN,
            'busy' => $wall > 0 ? $cpu / 1e6 / $wall : NAN,
            'scripts_per_op' => $ops ? $scripts / $ops : NAN,
            'all_per_op' => $ops ? array_sum(array_column($cmds, 0)) / $ops : NAN,
            'in_per_op' => $ops ? array_sum(array_column($runs, 'in')) / $ops : NAN,
            'out_per_op' => $ops ? array_sum(array_column($runs, 'out')) / $ops : NAN,
            'commands' => $cmds,
            'check' => $problems ? implode('; ', array_unique($problems)) : 'ok',
        ];
    }
}

echo "## Reserve + ack with receipts: redislock vs Laravel's Redis queue\n\n";
printf("N forked workers (own connection each, connected and scripts loaded, released together by a start barrier) take one "
    . "task and acknowledge it, again and again, for %.1f s per round, %d interleaved rounds per row (the order of the "
    . "implementations rotating). Each queue holds %s due tasks when a round starts (topped up before each round), so no "
    . "worker runs dry. redislock: `\$t = \$q->reserve(\$name, 1, %d)` then `\$q->ack(\$name, \$t['id'], \$t['receipt'])`. "
    . "Laravel: `\$job = \$queue->pop(\$name)` then `\$job->delete()` on the real `Illuminate\\Queue\\RedisQueue` "
    . "(php-illuminate-queue %s, retry_after %d, no block_for) over `PhpRedisConnection` and phpredis: pop() runs its "
    . "migrate script on ':delayed' and on ':reserved', then its pop script (LPOP, attempts + 1 in the JSON payload, ZADD to "
    . "':reserved'); delete() is deleteReserved(), a ZREM of the reserved payload, what Laravel's worker does after a job "
    . "succeeded. Floor: `ZPOPMIN` + `ZADD` of the id to an in-flight set, then `ZREM` (three commands, not atomic, no "
    . "due-time check, no receipt). tasks/s = all workers' tasks ÷ wall time (start signal → last worker done), over all "
    . "rounds; µs/task per worker = N ÷ tasks/s, range over the rounds. Redis CPU = used_cpu_sys + used_cpu_user of INFO "
    . "cpu ÷ tasks; busy = that ÷ wall time (100 %% = one core); commands from INFO commandstats (\"all\" counts the "
    . "commands run inside scripts too); bytes = total_net_input_bytes / total_net_output_bytes ÷ tasks. %d CPUs.\n\n",
    $round_s, ROUNDS, number_format($depth), VISIBILITY_S, getenv('BENCH_ILLUMINATE_QUEUE') ?: '?', VISIBILITY_S,
    cpu_count());

$out = [];
foreach (WORKER_COUNTS as $n) {
    $rl = $rows[RL][$n] ?? null;
    foreach ([RL, LARAVEL, RAW] as $label) {
        $row = $rows[$label][$n] ?? null;
        if ($row === null) {
            $out[] = [$label, (string) $n, unavailable($label) ?? 'not measured', '', '', '', '', '', '', '', ''];
            continue;
        }
        $out[] = [
            $label, (string) $n, bench_rate($row['rate']),
            bench_fixed($row['spread'][1] > 0 ? 1e6 * $n / $row['spread'][1] : NAN, 1) . ' – '
                . bench_fixed($row['spread'][0] > 0 ? 1e6 * $n / $row['spread'][0] : NAN, 1),
            $rl ? bench_ratio($rl['rate'] / $row['rate']) : 'n/a',
            bench_fixed($row['cpu_per_op'], 2), bench_fixed($row['busy'] * 100, 0) . ' %',
            bench_fixed($row['scripts_per_op'], 2), bench_fixed($row['all_per_op'], 1),
            number_format($row['in_per_op'], 0) . ' / ' . number_format($row['out_per_op'], 0),
            $row['check'],
        ];
    }
}
bench_table(['implementation', 'workers', 'tasks/s', 'µs/task per worker, per-round range', 'redislock ÷ this (tasks/s)',
    'Redis CPU µs/task', 'Redis busy', 'scripts (EVAL/EVALSHA) per task', 'all commands per task',
    'bytes to / from Redis per task', 'check'], $out, [1, 2, 3, 4, 5, 6, 7, 8, 9]);

echo "Commands the server ran, per task, and their µs per call (INFO commandstats, all rounds; the harness's own INFO and "
    . "CONFIG left out). Commands run inside a script count under their own name too, and their µs are part of the script's.\n\n";
bench_commands_table($rows, WORKER_COUNTS, 'implementation', 'task');

echo "redislock against Laravel (target: tasks/s ≥ 1.5x at every worker count) and the raw floor:\n\n";
$record = ['depth' => $depth, 'round_s' => $round_s, 'rounds' => ROUNDS, 'rows' => []];
$v = fn(float $x): ?float => is_finite($x) ? $x : null;
foreach ($rows as $label => $by_n) {
    foreach ($by_n as $n => $row) {
        $record['rows'][$label][$n] = ['rate' => $v($row['rate']), 'cpu_us_per_op' => $v($row['cpu_per_op']),
            'all_per_op' => $v($row['all_per_op']), 'ok' => $row['check'] === 'ok'];
    }
}
foreach (WORKER_COUNTS as $n) {
    $rl = $rows[RL][$n] ?? null;
    $lv = $rows[LARAVEL][$n] ?? null;
    $raw = $rows[RAW][$n] ?? null;
    $w = sprintf('%d worker%s', $n, $n > 1 ? 's' : '');
    if ($rl === null || $lv === null) {
        printf("- %s, tasks/s vs Laravel: %s; target ≥ 1.5x: not measured\n", $w,
            $rl === null ? (unavailable(RL) ?? 'redislock not measured') : (unavailable(LARAVEL) ?? 'Laravel not measured'));
        continue;
    }
    $ratio = $rl['rate'] / $lv['rate'];
    $ok = $rl['check'] === 'ok' && $lv['check'] === 'ok';
    printf("- %s, tasks/s vs Laravel: %s ÷ %s = %s; target ≥ 1.5x: %s\n", $w, bench_rate($rl['rate']), bench_rate($lv['rate']),
        bench_ratio($ratio), ($ok && $ratio >= 1.5) ? 'met' : 'MISSED' . ($ok ? '' : ' (a check failed)'));
    printf("- %s, Redis CPU µs/task vs Laravel: %s ÷ %s = %s\n", $w, bench_fixed($rl['cpu_per_op'], 2),
        bench_fixed($lv['cpu_per_op'], 2), bench_ratio($rl['cpu_per_op'] / $lv['cpu_per_op']));
    if ($raw !== null) {
        printf("- %s, tasks/s vs the raw floor: %s ÷ %s = %s\n", $w, bench_rate($rl['rate']), bench_rate($raw['rate']),
            bench_ratio($rl['rate'] / $raw['rate']));
    }
}
printf("\nFilling (not measured): %s. Keys of the run deleted at the end: %d; left: %d.\n\n",
    implode(', ', array_map(fn(string $l): string => sprintf('%s %.1f s', $l, $fill_s[$l]), array_keys($fill_s))),
    $swept, $left_keys);
bench_record('reserve', $record);
