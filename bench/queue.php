<?php
/* Queue throughput and latency: enqueue of 1,000 ids in one call, pop and
 * reserve + ack with 1 and 8 forked workers, and how soon a blocked worker
 * wakes up for a new task.
 *
 *   php bench/queue.php [all|enqueue|workers|wakeup]   the tables
 *   php bench/queue.php memory   10^6 (x BENCH_SCALE) queue operations, memory and RSS */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';
require __DIR__ . '/pops.php';

const WORKER_DEADLINE_S = 120;   // a worker gives up after this long, whatever happens
const READY_TIMEOUT_S = 30;
const GRACE_S = 30;              // SIGALRM ends a worker this long after its deadline, whatever happens

/* ---- enqueue --------------------------------------------------------------- */

/** The pattern redislock replaces: a lock around one ZSCORE (+ ZADD) round trip per id. */
function seed_enqueue(Redis $r, string $name, array $ids, float $after = 0): bool
{
    $lock = "Lock:Queue:$name";
    if (!$r->set($lock, '1', ['nx', 'ex' => 10])) {
        return false;
    }
    $score = microtime(true) + $after;
    foreach ($ids as $id) {
        if ($r->zScore($name, (string) $id) === false) {
            $r->zAdd($name, $score, (string) $id);
        }
    }
    $r->del($lock);
    return true;
}

function bench_enqueue(): void
{
    $reps = bench_n(25, 3);
    $ids = [];
    for ($i = 1; $i <= ENQUEUE_IDS; $i++) {
        $ids[] = "task-$i";
    }
    $base = bench_name('enqueue');
    $q = new RedisQueue(bench_dsn());
    $r = bench_phpredis();

    $impls = [
        'redislock enqueue($q, $ids)' => [
            'clear' => fn() => $q->clear("$base:rl"),
            'run' => fn() => $q->enqueue("$base:rl", $ids),
            'count' => fn() => $r->zCard("Queue:$base:rl"),
        ],
        'seed pattern (lock + ZSCORE/ZADD per id)' => [
            'clear' => fn() => $r->del("$base:seed"),
            'run' => fn() => seed_enqueue($r, "$base:seed", $ids),
            'count' => fn() => $r->zCard("$base:seed"),
        ],
        'raw phpredis zAdd NX, one call' => [
            'clear' => fn() => $r->del("$base:raw"),
            'run' => function () use ($r, $base, $ids) {
                $args = [];
                $score = microtime(true);
                foreach ($ids as $id) {
                    $args[] = $score;
                    $args[] = $id;
                }
                return $r->zAdd("$base:raw", ['NX'], ...$args) === ENQUEUE_IDS;
            },
            'count' => fn() => $r->zCard("$base:raw"),
        ],
    ];

    $times = array_fill_keys(array_keys($impls), []);
    $bad = array_fill_keys(array_keys($impls), 0);
    for ($rep = -1; $rep < $reps; $rep++) {   // rep -1 warms up and is not counted
        foreach ($impls as $label => $impl) {
            $impl['clear']();
            $t = bench_now();
            $ok = $impl['run']();
            $elapsed = bench_now() - $t;
            if (!$ok || $impl['count']() !== ENQUEUE_IDS) {
                $bad[$label]++;
            }
            if ($rep >= 0) {
                $times[$label][] = $elapsed;
            }
        }
    }
    foreach ($impls as $impl) {
        $impl['clear']();
    }

    $rate = [];
    foreach ($times as $label => $ts) {
        $rate[$label] = ENQUEUE_IDS / bench_median($ts);
    }
    $rl = $rate['redislock enqueue($q, $ids)'];
    $seed = $rate['seed pattern (lock + ZSCORE/ZADD per id)'];
    $raw = $rate['raw phpredis zAdd NX, one call'];

    echo "## Enqueue 1,000 ids in one call\n\n";
    printf("Median of %d repetitions per implementation (interleaved, keys cleared before each, one warm-up repetition first).\n\n", $reps);
    $rows = [];
    foreach ($rate as $label => $v) {
        $ms = array_map(fn($t) => $t * 1e3, $times[$label]);
        $rows[] = [$label, bench_rate($v), bench_fixed(bench_median($ms), 2),
            bench_fixed(min($ms), 2) . ' – ' . bench_fixed(max($ms), 2),
            bench_ratio($rl / $v), (string) $bad[$label]];
    }
    bench_table(['implementation', 'ids/s', 'ms per call (median)', 'ms per call (min – max)', 'redislock ÷ this', 'bad calls'], $rows, [1, 2, 3, 4, 5]);
    $best = fn(string $label) => ENQUEUE_IDS / min($times[$label]);
    $best_rl = $best('redislock enqueue($q, $ids)');
    printf("- redislock vs seed pattern: %s median, %s best of %d (target ≥ 20x)\n",
        bench_ratio($rl / $seed), bench_ratio($best_rl / $best('seed pattern (lock + ZSCORE/ZADD per id)')), $reps);
    printf("- redislock vs raw ZADD NX: %s median, %s best of %d (target ≥ 0.8x)\n\n",
        bench_ratio($rl / $raw), bench_ratio($best_rl / $best('raw phpredis zAdd NX, one call')), $reps);
    bench_record('enqueue', [
        'ids' => ENQUEUE_IDS,
        'reps' => $reps,
        'redislock' => ['median' => $rl, 'best' => $best_rl],
        'seed' => ['median' => $seed, 'best' => $best('seed pattern (lock + ZSCORE/ZADD per id)')],
        'raw' => ['median' => $raw, 'best' => $best('raw phpredis zAdd NX, one call')],
    ]);
}

/* ---- workers --------------------------------------------------------------- */

/**
 * The pop of the pattern redislock replaces: a queue lock, ZRANGEBYSCORE of the due
 * tasks on the client's clock, ZREM of the one taken, unlock. Returns the id, null
 * when nothing is due, or false when another worker holds the queue lock.
 */
function seed_pop(Redis $r, string $name): string|false|null
{
    $lock = "Lock:Queue:$name";
    if (!$r->set($lock, '1', ['nx', 'ex' => 10])) {
        return false;
    }
    $due = $r->zRangeByScore($name, '-inf', (string) microtime(true), ['withscores' => true, 'limit' => [0, 1]]);
    $id = null;
    foreach ($due as $member => $score) {
        if ($r->zRem($name, (string) $member) === 1) {
            $id = (string) $member;
        }
    }
    $r->del($lock);
    return $id;
}

/**
 * Runs $workers workers (bench_run_workers). Each calls $make() once (its own
 * connection), waits for the start signal, then calls the returned function until
 * it returns null, writing the ids it took to a file. Returns [seconds from release to the last worker done,
 * ids taken, distinct ids, failed workers].
 */
function run_workers(int $workers, callable $make): array
{
    $r = bench_phpredis();
    $run = bench_run_workers('queue', $r, $workers, WORKER_DEADLINE_S, WORKER_DEADLINE_S, function () use ($make): callable {
        $take = $make();
        return function (int $end) use ($take): array {
            $taken = [];
            while (hrtime(true) < $end && ($id = $take()) !== null) {
                $taken[] = $id;
            }
            $done = hrtime(true);
            // The ids through a file: a worker may take many thousands.
            $file = (string) tempnam(sys_get_temp_dir(), 'bench-ids-');
            file_put_contents($file, implode("\n", $taken));
            return ['ids' => $file, 'done' => $done];
        };
    });
    $r->close();
    $ids = [];
    foreach ($run['reports'] as $rep) {
        $content = (string) file_get_contents($rep['ids']);
        if ($content !== '') {
            array_push($ids, ...explode("\n", $content));
        }
        unlink($rep['ids']);
    }
    return [$run['wall'], count($ids), count(array_unique($ids)), $run['failed_workers']];
}

function bench_workers(): void
{
    $tasks = bench_n(20000, 100);
    $seed_tasks = bench_n(5000, 100);   // the seed pattern pays four round trips per task: fewer tasks, the same rate
    $name = bench_name('work');
    $q = new RedisQueue(bench_dsn());
    $r = bench_phpredis();
    $dsn = bench_dsn();

    $pops = pop_kinds($name, $tasks, $q, $r);
    $kinds = [
        'pop' => $pops[POP_LABEL],
        'reserve + ack' => [
            'fill' => fn() => fill_queue($q, $name, $tasks),
            'make' => function () use ($dsn, $name) {
                $wq = new RedisQueue($dsn);
                $wq->size($name);   // connect before the start signal
                return function () use ($wq, $name) {
                    $t = $wq->reserve($name);
                    if ($t === false) {
                        return null;
                    }
                    if (!$wq->ack($name, $t['id'])) {
                        throw new RuntimeException("ack of {$t['id']} returned false");
                    }
                    return $t['id'];
                };
            },
            'left' => fn() => array_sum($q->size($name)),
        ],
        'seed pattern pop (queue lock + ZRANGEBYSCORE + ZREM + unlock)' => [
            'tasks' => $seed_tasks,
            'fill' => fn() => fill_zset($r, "$name:seed", $seed_tasks, -1.0),
            'make' => function () use ($name) {
                $wr = bench_phpredis();
                return function () use ($wr, $name) {
                    // A busy queue lock is tried again at once, as a worker loop around the original class does.
                    while (($id = seed_pop($wr, "$name:seed")) === false) {
                    }
                    return $id;
                };
            },
            'left' => fn() => $r->zCard("$name:seed"),
        ],
        ZPOPMIN_LABEL => $pops[ZPOPMIN_LABEL],
    ];

    $reps = 3;
    $rates = [];
    $problems = [];
    // Repetitions interleave every configuration, so that a noisy moment hits all of them.
    for ($rep = 0; $rep < $reps; $rep++) {
        foreach ($kinds as $kind => $k) {
            foreach ([1, 8] as $workers) {
                $k['fill']();
                [$secs, $taken, $distinct, $failed] = run_workers($workers, $k['make']);
                $left = $k['left']();
                $rates[$kind][$workers][] = $taken / $secs;
                $p = &$problems[$kind][$workers];
                $p ??= [];
                if ($failed) {
                    $p[] = "$failed workers failed";
                }
                $expected = $k['tasks'] ?? $tasks;
                if ($taken !== $expected) {
                    $p[] = "took $taken of $expected";
                }
                if ($distinct !== $taken) {
                    $p[] = ($taken - $distinct) . ' taken twice';
                }
                if ($left !== 0) {
                    $p[] = "$left left";
                }
                unset($p);
            }
        }
    }
    $q->clear($name);
    $r->del("$name:raw", "$name:seed", "Lock:Queue:$name:seed");

    echo "## Pop and reserve + ack throughput\n\n";
    printf("%s due tasks (%s for the seed pattern) enqueued beforehand; forked workers (own connection each) take one task per call until the queue is empty; "
        . "tasks/s = tasks ÷ wall time from the start signal to the last worker done, median of %d interleaved repetitions. %d CPUs.\n\n",
        number_format($tasks), number_format($seed_tasks), $reps, cpu_count());
    $rows = [];
    foreach ($rates as $kind => $by_workers) {
        $one = bench_median($by_workers[1]);
        foreach ($by_workers as $workers => $list) {
            $rate = bench_median($list);
            $rows[] = [$kind, (string) $workers, bench_rate($rate), bench_rate(min($list)) . ' – ' . bench_rate(max($list)),
                bench_fixed(1e6 / $rate * $workers, 1), bench_ratio($rate / $one),
                $problems[$kind][$workers] ? implode(', ', array_unique($problems[$kind][$workers])) : 'ok'];
        }
    }
    bench_table(['operation', 'workers', 'tasks/s', 'tasks/s (min – max)', 'µs/task per worker', 'vs 1 worker', 'check'], $rows, [1, 2, 3, 4, 5]);
    $record = [];
    foreach ($rates as $kind => $by_workers) {
        foreach ($by_workers as $workers => $list) {
            $record[$kind][$workers] = ['median' => bench_median($list), 'ok' => !$problems[$kind][$workers]];
        }
    }
    bench_record('workers', ['tasks' => $tasks, 'seed_tasks' => $seed_tasks, 'rates' => $record]);
}

/* ---- wake-up latency -------------------------------------------------------- */

/**
 * A child blocks in $wait() (which returns the id it got, or null on timeout); the
 * parent, after a random pause that lets it block, sends an id holding its send
 * time. Returns the latencies in ms and the count of waits that timed out.
 */
function wakeup_latency(int $reps, callable $make_wait, callable $make_send): array
{
    [$pid, $sock] = bench_fork('waiting child', function ($sock) use ($make_wait): int {
        $wait = $make_wait();
        fwrite($sock, "R\n");
        $deadline = bench_now() + WORKER_DEADLINE_S;
        while (bench_now() < $deadline) {
            $id = $wait();
            $received = microtime(true);
            if ($id === 'stop') {
                return 0;
            }
            fwrite($sock, $id === null ? "timeout\n" : sprintf("%.6f\n", ($received - (float) $id) * 1e3));
        }
        return 1;
    });
    stream_set_timeout($sock, 10);
    $send = $make_send();
    $lat = [];
    $timeouts = 0;
    if (fgets($sock) === "R\n") {
        for ($i = 0; $i < $reps; $i++) {
            usleep(random_int(2000, 6000));   // the child is blocked again by now
            $send(sprintf('%.6f', microtime(true)));
            $line = fgets($sock);
            if ($line === false) {
                break;
            }
            if ($line === "timeout\n") {
                $timeouts++;
            } else {
                $lat[] = (float) $line;
            }
        }
    }
    $send('stop');
    pcntl_waitpid($pid, $status);
    fclose($sock);
    return [$lat, $timeouts];
}

function bench_wakeup(): void
{
    $reps = bench_n(200, 20);
    $name = bench_name('wake');
    $dsn = bench_dsn();
    $q = new RedisQueue($dsn);
    $r = bench_phpredis();
    $q->clear($name);
    $r->del("$name:list");

    $results = [
        'redislock pop($q, 1, 10, 5) woken by enqueue()' => wakeup_latency($reps,
            function () use ($dsn, $name) {
                $wq = new RedisQueue($dsn);
                $wq->size($name);   // connect before the first wait
                return function () use ($wq, $name) {
                    $t = $wq->pop($name, 1, 10, 5);
                    return $t === false ? null : $t['id'];
                };
            },
            fn() => fn(string $id) => $q->enqueue($name, $id)),
        '(reference) phpredis blPop woken by lPush' => wakeup_latency($reps,
            function () use ($name) {
                $wr = bench_phpredis();
                $wr->setOption(Redis::OPT_READ_TIMEOUT, 10);
                return function () use ($wr, $name) {
                    $t = $wr->blPop(["$name:list"], 5);
                    return $t ? $t[1] : null;
                };
            },
            fn() => fn(string $id) => $r->lPush("$name:list", $id)),
    ];
    $q->clear($name);
    $r->del("$name:list");

    echo "## Wake-up latency of a blocked worker\n\n";
    printf("%d tasks, each sent 2–6 ms after the previous one was received, so the worker is blocked when it comes; "
        . "latency = receive time in the worker − send time before the enqueue call.\n\n", $reps);
    $rows = [];
    foreach ($results as $label => [$lat, $timeouts]) {
        $rows[] = [$label, (string) count($lat), bench_fixed(bench_quantile($lat, 0.5), 3), bench_fixed(bench_quantile($lat, 0.9), 3),
            bench_fixed(bench_quantile($lat, 0.99), 3), bench_fixed($lat ? max($lat) : NAN, 3), (string) $timeouts];
    }
    bench_table(['waiter', 'samples', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'timed out'], $rows, [1, 2, 3, 4, 5, 6]);
    $record = [];
    foreach ($results as $label => [$lat, $timeouts]) {
        $record[str_starts_with($label, 'redislock') ? 'redislock' : 'blpop'] =
            ['p50' => bench_quantile($lat, 0.5), 'p99' => bench_quantile($lat, 0.99), 'timeouts' => $timeouts];
    }
    bench_record('wakeup', $record);
}

/* ---- memory ------------------------------------------------------------------ */

/**
 * 10^6 (x BENCH_SCALE) queue operations on one RedisQueue object, in cycles of
 * four: enqueue() of two ids in one call, pop(), reserve(), ack() of the reserved
 * id. Every cycle leaves the queue empty, so Redis holds nothing that grows.
 * memory_get_usage() and VmRSS are sampled every tenth of the run.
 */
function bench_memory(): void
{
    $ops_per_cycle = 4;
    $samples = 10;
    $cycles = intdiv(bench_n(1000000, $ops_per_cycle * $samples), $ops_per_cycle);
    $step = intdiv($cycles, $samples);
    $name = bench_name('memory');
    $q = new RedisQueue(bench_dsn());
    $q->clear($name);   // connect before the first sample
    $pair = ['', ''];
    $m = bench_memory_samples($samples, $step, function (int $i) use ($q, $name, &$pair): bool {
        $pair[0] = 'a' . $i;
        $pair[1] = 'b' . $i;
        $enqueued = $q->enqueue($name, $pair);
        $popped = $q->pop($name);
        $reserved = $q->reserve($name);
        return $enqueued && $popped !== false && $reserved !== false && $q->ack($name, $reserved['id']);
    });
    $left = array_sum($q->size($name));
    $q->clear($name);
    echo "## Memory over redislock queue operations\n\n";
    printf("%s operations on one RedisQueue object (one connection), in %s cycles of enqueue() of two ids, pop(), "
        . "reserve() and ack(); sampled every %s operations. Tasks left in the queue at the end: %d.\n\n",
        number_format($step * $samples * $ops_per_cycle), number_format($step * $samples), number_format($step * $ops_per_cycle), $left);
    bench_memory_table($m, 'operations', $step * $ops_per_cycle);
    // Growth after the first tenth: anything that accumulates per operation shows here.
    bench_record('memory_queue', ['ops' => $step * $samples * $ops_per_cycle, 'left' => $left] + bench_memory_figures($m));
}

$only = $argv[1] ?? 'all';
if ($only === 'memory') {
    bench_memory();
    exit(0);
}
if ($only === 'all' || $only === 'enqueue') {
    bench_enqueue();
}
if ($only === 'all' || $only === 'workers') {
    bench_workers();
}
if ($only === 'all' || $only === 'wakeup') {
    bench_wakeup();
}
