<?php
/* Laravel jobs through Laravel's own queue worker: the bridge's queue driver
 * "redislock" (RedisLock\Bridge\Laravel\Queue\RedisLockQueue on a RedisQueue,
 * the watchdog on) against Laravel's own driver "redis" (Illuminate\Queue\RedisQueue
 * over phpredis through PhpRedisConnection), both made by a QueueManager from
 * their config, as an application makes them, on one server in one run.
 *
 * Each row drains a queue filled beforehand with JOBS jobs (times the scale) of a
 * job class whose only property is a string of 1 KiB, with 1 and 8 forked
 * workers; each worker calls Illuminate\Queue\Worker::runNextJob() (pop, fire
 * through CallQueuedHandler, delete) until the queue is empty. The queue is
 * filled one push() per job (what dispatch() does), its Redis CPU measured as
 * the enqueue's. Columns: jobs/s from the start signal to the last worker done;
 * the Redis server's CPU (user + sys) per job; the scripts (EVAL/EVALSHA) per
 * job, and every command per job the server counted (INFO commandstats, which
 * also counts the commands a script calls), both without the harness's own INFO
 * and CONFIG; round trips per job (the server's socket reads). Then the figures
 * against the targets (bench/lib/jobs.php).
 * Rounds interleave the two drivers; the table gives the sums over the rounds.
 *
 * Run: bench/run sets BENCH_DSN; by hand,
 *   BENCH_DSN=redis://127.0.0.1:6379 php -d extension=modules/redislock.so bench/jobs_laravel.php
 * with the normal php.ini (phpredis loaded). */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const AUTOLOADS = [
    'php-illuminate-queue' => '/usr/share/php/Illuminate/Queue/autoload.php',
    'php-illuminate-redis' => '/usr/share/php/Illuminate/Redis/autoload.php',
    'php-illuminate-events' => '/usr/share/php/Illuminate/Events/autoload.php',
    'php-illuminate-bus' => '/usr/share/php/Illuminate/Bus/autoload.php',
    'php-illuminate-config' => '/usr/share/php/Illuminate/Config/autoload.php',
];
const WORKER_COUNTS = [1, 8];   // `goals` as the first argument: 8 alone, the goals' figures
const ROUNDS = 2;
const JOBS = 4000;               // jobs per row and round at scale 1
const PAYLOAD_BYTES = 1024;      // the job's string property
const RETRY_AFTER = 60;          // both drivers' retry_after (Laravel's default)
const BUDGET_S = 120;            // a row's workers give up after this long
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;               // SIGALRM ends a worker this long after its budget, whatever happens
const RL = 'redislock driver (RedisLockQueue)';
const LV = 'Laravel redis driver (RedisQueue, phpredis)';
const CONNECTIONS = [RL => 'redislock', LV => 'redis'];

foreach (AUTOLOADS as $package => $file) {
    if (!is_file($file)) {
        fwrite(STDERR, "$file not found (Debian package $package)\n");
        exit(2);
    }
    require_once $file;
}
require_once __DIR__ . '/../bridge/autoload.php';

/** The job: 1 KiB of data, and a count of the jobs this process ran. */
final class BenchLaravelJob implements Illuminate\Contracts\Queue\ShouldQueue
{
    use Illuminate\Bus\Queueable;

    public static int $done = 0;

    public function __construct(public string $data)
    {
    }

    public function handle(): void
    {
        self::$done++;
    }
}

/** An exception handler that fails loudly: no job may fail in a benchmark. */
final class BenchLaravelExceptions implements Illuminate\Contracts\Debug\ExceptionHandler
{
    public function report(Throwable $e)
    {
        throw $e;
    }

    public function shouldReport(Throwable $e)
    {
        return true;
    }

    public function render($request, Throwable $e)
    {
        throw $e;
    }

    public function renderForConsole($output, Throwable $e)
    {
    }
}

/** A container with what a queue worker needs, and both queue connections on $queue. */
function bench_laravel_app(string $queue): Illuminate\Container\Container
{
    $p = bench_dsn_parts(bench_dsn());
    $redis = ['client' => 'phpredis', 'options' => ['prefix' => ''], 'default' => array_filter([
        'host' => $p['socket'] ?? $p['host'], 'port' => $p['socket'] === null ? (int) $p['port'] : 0,
        'username' => $p['user'], 'password' => $p['password'], 'database' => $p['db'],
    ], fn ($v) => $v !== null)];
    $app = new Illuminate\Container\Container();
    Illuminate\Container\Container::setInstance($app);
    $app->instance(Illuminate\Contracts\Container\Container::class, $app);
    $app->instance('config', new Illuminate\Config\Repository([
        'database' => ['redis' => $redis],
        'queue' => ['connections' => [
            'redislock' => ['driver' => 'redislock', 'connection' => bench_dsn(), 'queue' => $queue,
                'retry_after' => RETRY_AFTER, 'block_for' => null],
            'redis' => ['driver' => 'redis', 'connection' => 'default', 'queue' => $queue,
                'retry_after' => RETRY_AFTER, 'block_for' => null],
        ]],
    ]));
    $app->instance('events', new Illuminate\Events\Dispatcher($app));
    $app->alias('events', Illuminate\Contracts\Events\Dispatcher::class);
    $app->singleton(Illuminate\Contracts\Bus\Dispatcher::class, fn ($app) => new Illuminate\Bus\Dispatcher($app));
    $app->singleton('redis', fn ($app) => new Illuminate\Redis\RedisManager($app, 'phpredis', $app['config']['database.redis']));
    $manager = new Illuminate\Queue\QueueManager($app);
    $manager->addConnector('redis', fn () => new Illuminate\Queue\Connectors\RedisConnector($app['redis']));
    RedisLock\Bridge\Laravel\RedisLockServiceProvider::extendQueue($manager, $app);
    $app->instance('queue', $manager);

    return $app;
}

/** One row's round: fill, then $n workers drain the queue. */
function bench_laravel_round(Redis $r, string $label, int $n, int $jobs, int $round): array
{
    $queue = bench_name("laravel-$round-$n-" . CONNECTIONS[$label]);
    $app = bench_laravel_app($queue);
    $connection = $app['queue']->connection(CONNECTIONS[$label]);
    $data = str_repeat('x', PAYLOAD_BYTES);
    // Ours on the stream layout, as `redislock migrate-queue` puts a queue once
    // every client runs this release, so the jobs pushed after it are appended
    // to the stream; workers already serve the queue, as in production (the
    // first poll of one, a pop() on the empty queue, answers null on either).
    if ($label === RL) {
        $connection->getRedisQueue()->migrate($connection->getQueue($queue));
    }
    $connection->pop($queue);
    $enqueue = bench_jobs_enqueue($r, $jobs, function () use ($connection, $data): void {
        $connection->push(new BenchLaravelJob($data));
    });
    if ($connection->size() !== $jobs) {
        throw new RuntimeException("$label: the queue holds " . $connection->size() . " jobs, not $jobs");
    }
    $run = bench_run_workers('jobs_laravel', $r, $n, BUDGET_S, BUDGET_S, function () use ($label, $queue): callable {
        $app = bench_laravel_app($queue);
        $worker = new Illuminate\Queue\Worker($app['queue'], $app['events'], new BenchLaravelExceptions(), fn () => false);
        $options = new Illuminate\Queue\WorkerOptions('default', 0, 512, 60, 0, 3);
        $app['queue']->connection(CONNECTIONS[$label])->size();   // connected before the start

        return function (int $end) use ($worker, $options, $label, $queue): array {
            while (hrtime(true) < $end) {
                $before = BenchLaravelJob::$done;
                $worker->runNextJob(CONNECTIONS[$label], $queue, $options);
                if (BenchLaravelJob::$done === $before) {
                    break;   // the queue is empty
                }
            }

            return ['jobs' => BenchLaravelJob::$done];
        };
    });
    $left = $connection->size();
    if (CONNECTIONS[$label] === 'redislock') {
        $connection->clear($queue);
    } else {
        bench_sweep_keys($r, $queue);
    }
    $done = array_sum(array_column($run['reports'], 'jobs'));

    return ['jobs' => $done, 'left' => $left, 'wall' => $run['wall'], 'cpu_us' => $run['cpu_us'],
        'commands' => array_sum($run['commands']), 'scripts' => bench_scripts_called($run['commands']), 'stats' => $run['stats'],
        'reads' => $run['reads'], 'enqueued' => $enqueue['jobs'], 'enqueue_cpu_us' => $enqueue['cpu_us'],
        'problems' => $run['problems']];
}

$r = bench_phpredis();
$counts = ($argv[1] ?? '') === 'goals' ? [8] : WORKER_COUNTS;
$jobs = bench_n(JOBS, 100);
$sum = [];
for ($round = 0; $round < ROUNDS; $round++) {
    foreach ($counts as $n) {
        foreach (bench_rotated([RL, LV], $round) as $label) {
            $res = bench_laravel_round($r, $label, $n, $jobs, $round);
            $s = &$sum["$label|$n"];
            $s ??= ['jobs' => 0, 'left' => 0, 'wall' => 0.0, 'cpu_us' => 0.0, 'commands' => 0, 'scripts' => 0, 'reads' => 0,
                'enqueued' => 0, 'enqueue_cpu_us' => 0.0, 'problems' => []];
            foreach (['jobs', 'left', 'wall', 'cpu_us', 'commands', 'scripts', 'reads', 'enqueued', 'enqueue_cpu_us'] as $k) {
                $s[$k] += $res[$k];
            }
            $s['problems'] = array_merge($s['problems'], $res['problems']);
            foreach ($res['stats'] as $cmd => [$c, $usec]) {
                $s['stats'][$cmd][0] = ($s['stats'][$cmd][0] ?? 0) + $c;
                $s['stats'][$cmd][1] = ($s['stats'][$cmd][1] ?? 0.0) + $usec;
            }
            unset($s);
        }
    }
}

echo "### Laravel jobs through Illuminate\\Queue\\Worker::runNextJob(), 1 KiB of job data\n\n";
printf("%d jobs per row and round, %d rounds, retry_after %d s; Redis CPU = the server's used_cpu_user + used_cpu_sys.\n\n",
    $jobs, ROUNDS, RETRY_AFTER);
$rows = [];
$figures = [];
$by_label = [];
$v = fn(float $x): ?float => is_finite($x) ? $x : null;
$checks = [];
foreach ($counts as $n) {
    $base = null;
    foreach ([RL, LV] as $label) {
        $s = $sum["$label|$n"];
        $f = bench_jobs_figures($s, ['jobs' => $s['enqueued'], 'cpu_us' => $s['enqueue_cpu_us']]);
        $by_label[$label][$n] = $f;
        $base ??= $f['rate'];
        $rows[] = [$label, (string) $n, bench_rate($f['rate']), bench_fixed($f['cpu_reserve_ack']),
            bench_fixed($s['jobs'] ? $s['scripts'] / $s['jobs'] : NAN, 2),
            bench_fixed($s['jobs'] ? $s['commands'] / $s['jobs'] : NAN, 2), bench_fixed($f['round_trips'], 2),
            bench_ratio($base / $f['rate']), (string) ($s['left'] + count($s['problems']))];
        $checks[$label][$n] = $s['left'] === 0 && !$s['problems'] && $s['jobs'] === $s['enqueued'];
        $figures[CONNECTIONS[$label] . "_$n"] = ['jobs_per_s' => $v($f['rate']), 'cpu_us_per_job' => $v($f['cpu_reserve_ack']),
            'cpu_us_per_enqueue' => $v($f['cpu_enqueue']), 'cpu_us_per_job_with_enqueue' => $v($f['cpu_enqueue_reserve_ack']),
            'round_trips_per_job' => $v($f['round_trips'])];
    }
}
bench_table(['driver', 'workers', 'jobs/s', 'Redis CPU µs/job', 'scripts/job', 'commands/job (with those in scripts)',
    'round trips/job', 'redislock ÷ row (jobs/s)', 'jobs left + problems'], $rows, [1, 2, 3, 4, 5, 6, 7, 8]);
echo "Commands the server ran during the worker loop, per job, and their µs per call (INFO commandstats, all rounds; "
    . "commands run inside a script count under their own name too, and their µs are part of the script's).\n\n";
$cmd_rows = [];
foreach ([RL, LV] as $label) {
    foreach ($counts as $n) {
        $stats = $sum["$label|$n"]['stats'] ?? [];
        uasort($stats, fn(array $a, array $b): int => $b[0] <=> $a[0] ?: $b[1] <=> $a[1]);
        $cmd_rows[$label][$n] = ['commands' => $stats, 'ops' => $sum["$label|$n"]['jobs']];
    }
}
bench_commands_table($cmd_rows, $counts, 'driver', 'job');
bench_jobs_targets_table('laravel', RL, LV, $by_label, $counts, $checks);
bench_record('jobs_laravel', $figures);
