<?php
/* Idle workers: N workers blocked in reserve() on one queue on the stream layout,
 * and a producer that enqueues jobs one at a time, each only once the job before
 * was acked and its worker had 20 ms to block again (a slow steady rate: every job
 * finds every worker idle). What the server spends per job, with 8 and with 200
 * idle workers: its CPU (INFO used_cpu_sys + used_cpu_user, delta over the jobs,
 * which includes the idle workers' own rounds during the run) and its commands
 * (INFO commandstats). On Redis 7.2+ and Valkey an XADD reruns every blocked
 * XREADGROUP ... BLOCK, so a pool blocked that way pays for its size on every job.
 * Then the busy regime: 8 workers drain a backlog of jobs (reserve + ack, never
 * idle): CPU and commands per job.
 *
 *   BENCH_DSN=redis://127.0.0.1:PORT php -d extension=modules/redislock.so bench/idle.php
 *
 * (bench/run idle does this against a throwaway server.) */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const IDLE_POOLS = [8, 200];
const IDLE_JOBS = 400;          // jobs per pool at scale 1
const BUSY_JOBS = 8000;         // the busy regime's backlog at scale 1
const BUSY_WORKERS = 8;
const SETTLE_S = 0.02;          // after an ack, before the next job

/** How many clients the server has blocked, once it is $want (at most $cap_s seconds). */
function idle_blocked(Redis $r, int $want, float $cap_s): int
{
    $until = microtime(true) + $cap_s;
    do {
        $n = (int) ($r->info('clients')['blocked_clients'] ?? 0);
        if ($n >= $want) {
            return $n;
        }
        usleep(20000);
    } while (microtime(true) < $until);
    return $n;
}

/** Commands per job from two INFO commandstats snapshots: [total, [command => calls per job]]. */
function idle_commands(array $before, array $after, int $jobs): array
{
    $per = [];
    $total = 0;
    foreach ($after as $cmd => [$calls]) {
        $d = $calls - ($before[$cmd][0] ?? 0);
        if ($d > 0) {
            $per[$cmd] = $d / $jobs;
            $total += $d;
        }
    }
    arsort($per);
    return [$total / $jobs, $per];
}

/** "xreadgroup 2.0, evalsha 3.0, ..." */
function idle_command_list(array $per): string
{
    $out = [];
    foreach ($per as $cmd => $n) {
        $out[] = $cmd . ' ' . bench_fixed($n, 2);
    }
    return implode(', ', $out);
}

/** One pool of $n idle workers and $jobs jobs: [CPU µs per job, commands per job, [command => per job]]. */
function idle_pool(Redis $r, string $dsn, int $n, int $jobs): array
{
    $name = bench_name("idle$n");
    $q = new RedisQueue($dsn);
    $q->migrate($name);
    $workers = [];
    for ($w = 0; $w < $n; $w++) {
        $workers[] = bench_fork("idle worker $w", function ($sock) use ($dsn, $name): int {
            pcntl_signal(SIGALRM, fn() => exit(3));
            pcntl_alarm(600);
            $q = new RedisQueue($dsn);
            for (;;) {
                $t = $q->reserve($name, 1, 60, 30);
                if (!$t) {
                    continue;
                }
                $q->ack($name, $t['id'], $t['receipt']);
                if (str_starts_with((string) $t['id'], 'stop')) {
                    return 0;
                }
                fwrite($sock, 'a');
            }
        });
    }
    register_shutdown_function(function () use ($workers): void {
        foreach ($workers as [$pid]) {
            posix_kill($pid, SIGKILL);   // nothing is left behind by a run that failed
        }
    });
    $r->rawCommand('CONFIG', 'RESETSTAT');
    $blocked = idle_blocked($r, $n, 60);
    if ($blocked < $n) {
        fwrite(STDERR, "only $blocked of $n workers blocked\n");
    }
    usleep(300000);
    $socks = array_map(fn(array $w) => $w[1], $workers);
    $stats0 = bench_command_stats($r);
    $cpu0 = redis_cpu_s($r);
    $t0 = microtime(true);
    for ($j = 0; $j < $jobs; $j++) {
        $q->enqueue($name, "j$j");
        $read = $socks;
        $none = null;
        if (stream_select($read, $none, $none, 30) < 1) {
            throw new RuntimeException("job $j was not taken within 30 s");
        }
        fread(reset($read), 1);
        usleep((int) (SETTLE_S * 1e6));
    }
    $elapsed = microtime(true) - $t0;
    $cpu = redis_cpu_s($r) - $cpu0;
    $stats1 = bench_command_stats($r);
    $q->enqueue($name, array_map(fn(int $w) => "stop$w", range(0, $n - 1)));
    foreach ($workers as [$pid, $sock]) {
        pcntl_waitpid($pid, $status);
        fclose($sock);
    }
    [$total, $per] = idle_commands($stats0, $stats1, $jobs);
    bench_sweep_keys($r, $name);
    return [$cpu * 1e6 / $jobs, $total, $per, $jobs / $elapsed];
}

/** The busy regime: BUSY_WORKERS drain $jobs queued jobs, never idle: [CPU µs per job, commands per job, per command]. */
function idle_busy(Redis $r, string $dsn, int $jobs): array
{
    $name = bench_name('busy');
    $q = new RedisQueue($dsn);
    $q->migrate($name);
    for ($j = 0; $j < $jobs; $j += 250) {
        $ids = [];
        for ($k = $j; $k < min($jobs, $j + 250); $k++) {
            $ids["b$k"] = str_repeat('x', 1024);
        }
        $q->enqueue($name, array_keys($ids), 10, 0, false, $ids);
    }
    $workers = [];
    $go = [];
    for ($w = 0; $w < BUSY_WORKERS; $w++) {
        $workers[] = bench_fork("busy worker $w", function ($sock) use ($dsn, $name): int {
            pcntl_signal(SIGALRM, fn() => exit(3));
            pcntl_alarm(600);
            $q = new RedisQueue($dsn);
            $q->size($name);
            fwrite($sock, 'r');
            fread($sock, 1);
            while ($t = $q->reserve($name, 1, 60, 0)) {
                $q->ack($name, $t['id'], $t['receipt']);
            }
            return 0;
        });
    }
    foreach ($workers as [, $sock]) {
        fread($sock, 1);
    }
    $r->rawCommand('CONFIG', 'RESETSTAT');
    $stats0 = bench_command_stats($r);
    $cpu0 = redis_cpu_s($r);
    $t0 = microtime(true);
    foreach ($workers as [, $sock]) {
        fwrite($sock, 'g');
    }
    foreach ($workers as [$pid, $sock]) {
        pcntl_waitpid($pid, $status);
        fclose($sock);
    }
    $elapsed = microtime(true) - $t0;
    $cpu = redis_cpu_s($r) - $cpu0;
    $stats1 = bench_command_stats($r);
    $left = $q->size($name);
    if ($left !== 0) {
        fwrite(STDERR, "the busy regime left jobs: " . json_encode($left) . "\n");
    }
    [$total, $per] = idle_commands($stats0, $stats1, $jobs);
    bench_sweep_keys($r, $name);
    return [$cpu * 1e6 / $jobs, $total, $per, $jobs / $elapsed];
}

$r = bench_phpredis();
$dsn = bench_dsn();
$version = $r->info('server')['redis_version'] ?? '?';
$jobs = bench_n(IDLE_JOBS, 20);
$rows = [];
$cpu = [];
foreach (IDLE_POOLS as $n) {
    [$us, $cmds, $per, $rate] = idle_pool($r, $dsn, $n, $jobs);
    $cpu[$n] = $us;
    $rows[] = ["$n idle workers", bench_fixed($us), bench_fixed($cmds, 2), bench_rate($rate), idle_command_list($per)];
}
$busy_jobs = bench_n(BUSY_JOBS, 200);
[$us, $cmds, $per, $rate] = idle_busy($r, $dsn, $busy_jobs);
$rows[] = [BUSY_WORKERS . ' busy workers', bench_fixed($us), bench_fixed($cmds, 2), bench_rate($rate), idle_command_list($per)];

echo "## Idle workers (bench/idle.php)\n\n";
echo "Server: $version. $jobs jobs one at a time to each idle pool (reserve(wait: 30) + ack); $busy_jobs queued 1-KiB jobs drained by "
    . BUSY_WORKERS . " workers (reserve + ack). Redis CPU and commands per job, as INFO reports them.\n\n";
bench_table(['workers', 'Redis CPU µs/job', 'commands/job', 'jobs/s', 'commands per job'], $rows, [1, 2, 3]);
$ratio = $cpu[200] / max($cpu[8], 1e-9);
echo "\n200 idle ÷ 8 idle, Redis CPU per job: " . bench_ratio($ratio) . " (target ≤ 1.2x)\n\n";
bench_record('idle', ['idle_200_over_8' => $ratio, 'idle_8_us' => $cpu[8], 'idle_200_us' => $cpu[200], 'busy_us' => $us]);
bench_goals_print([bench_goal('idle', $cpu[200], $cpu[8], 'µs')]);
