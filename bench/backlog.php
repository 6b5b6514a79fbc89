<?php
/* A backlog: 20,000 jobs of 1 KiB (at scale 1) queued before 8 workers start,
 * then drained to the end by the 8 forked workers together; Redis CPU per job
 * (used_cpu_sys + used_cpu_user of INFO cpu over the drain ÷ jobs) and commands
 * per job (INFO commandstats, commands inside scripts included), against the
 * commands Symfony Messenger's Redis transport sends for the same backlog
 * (phpredis: XADD to fill; XREADGROUP COUNT 1, then XACK + XDEL per message, as
 * with delete_after_ack). Rows:
 *
 * - the stream layout, the backlog queued after migrate(): enqueue() appends
 *   each job to the stream; workers reserve() + ack($receipt);
 * - the same, acked with ack(defer: true) (sent in the next reserve()'s write);
 * - the stream layout, the backlog queued with a delay that has passed when the
 *   workers start: it waits in the zset, and the workers' upkeep promotes it onto
 *   the stream a page at a time (a backlog of delayed or retried jobs, or one that
 *   producers of a release before the stream layout queued);
 * - Symfony's commands.
 *
 * Each row runs ROUNDS times, the order rotating; the figures are over all its
 * rounds. The workers are forked, connected and warmed up before the start
 * signal; the statistics are reset once all are ready. */

declare(strict_types=1);

require __DIR__ . '/lib/bench.php';

const WORKERS = 8;
const ROUNDS = 2;
const PAYLOAD_BYTES = 1024;
const FILL_BATCH = 1000;          // ids per enqueue() when filling (4 pages in one write)
const DELAY_S = 0.5;              // the delayed row's delay
const READY_TIMEOUT_S = 60;
const GRACE_S = 60;
const TARGET = 0.5;               // Redis CPU per job ÷ Symfony's commands'
const STREAM = 'redislock, stream layout: reserve() + ack($receipt)';
const DEFER = 'redislock, stream layout: reserve() + ack(defer: true)';
const PROMOTED = 'redislock, stream layout, backlog delayed into the zset (promoted)';
const SF = "Symfony's commands: XREADGROUP + XACK + XDEL (phpredis)";

$jobs = bench_n(20000, 2000);
$r = bench_phpredis();
$base = bench_name('backlog');
$payload = str_repeat('j', PAYLOAD_BYTES);

/** Fills the row's queue with $jobs jobs; returns the queue's (or stream's) name. */
function fill(string $row, string $name, int $jobs, string $payload, Redis $r): void
{
    if ($row === SF) {
        $r->xGroup('CREATE', $name, 'bench', '0', true);
        for ($i = 0; $i < $jobs; $i++) {
            $r->xAdd($name, '*', ['message' => $payload, 'headers' => '[]']);
        }
        return;
    }
    $q = new RedisQueue(bench_dsn());
    $q->migrate($name);
    $delay = $row === PROMOTED ? DELAY_S : 0.0;
    for ($i = 0; $i < $jobs; $i += FILL_BATCH) {
        $batch = [];
        for ($j = $i; $j < min($jobs, $i + FILL_BATCH); $j++) {
            $batch["job-$j"] = $payload;
        }
        $q->enqueue($name, array_map('strval', array_keys($batch)), 10, $delay, false, $batch);
    }
    if ($row === PROMOTED) {
        usleep((int) (DELAY_S * 1e6) + 100000);
    }
}

/** One worker's drain: jobs until the queue answers none. */
function drain(string $row, string $name, int $wid, $sock): int
{
    $n = 0;
    if ($row === SF) {
        $c = bench_phpredis();
        $c->ping();
        fwrite($sock, "ready\n");
        fgets($sock);
        while (($m = $c->xReadGroup('bench', "worker-$wid", [$name => '>'], 1)) && !empty($m[$name])) {
            foreach ($m[$name] as $eid => $fields) {
                $c->xAck($name, 'bench', [$eid]);
                $c->xDel($name, [$eid]);
                $n++;
            }
        }
        return $n;
    }
    $q = new RedisQueue(bench_dsn());
    $q->size($name);
    fwrite($sock, "ready\n");
    fgets($sock);
    while (($t = $q->reserve($name, 1, 60, 0)) !== false) {
        $q->ack($name, $t['id'], $t['receipt'], $row === DEFER);
        $n++;
    }
    unset($q);   // sends a deferred ack left
    return $n;
}

/** One round of a row: fill, start WORKERS together, drain; the server's figures. */
function round_of(string $row, string $name, int $jobs, string $payload, Redis $r): array
{
    fill($row, $name, $jobs, $payload, $r);
    $children = [];
    for ($w = 0; $w < WORKERS; $w++) {
        $children[] = bench_fork("worker $w", function ($sock) use ($row, $name, $w): int {
            pcntl_alarm(READY_TIMEOUT_S + GRACE_S);
            $n = drain($row, $name, $w, $sock);
            fwrite($sock, "$n\n");
            fgets($sock);
            return 0;
        });
    }
    foreach ($children as [, $sock]) {
        fgets($sock);
    }
    $r->rawCommand('CONFIG', 'RESETSTAT');
    $cpu = redis_cpu_s($r);
    $t = bench_now();
    foreach ($children as [, $sock]) {
        fwrite($sock, "go\n");
    }
    $done = 0;
    foreach ($children as [, $sock]) {
        $done += (int) fgets($sock);
    }
    $wall = bench_now() - $t;
    $cpu_us = (redis_cpu_s($r) - $cpu) * 1e6;
    $stats = bench_command_stats($r);
    foreach ($children as [$pid, $sock]) {
        fwrite($sock, "bye\n");
        pcntl_waitpid($pid, $status);
    }
    return ['jobs' => $done, 'cpu_us' => $cpu_us, 'wall' => $wall, 'stats' => $stats];
}

$acc = [];
$rows = [STREAM, DEFER, PROMOTED, SF];
try {
    for ($round = 0; $round < ROUNDS; $round++) {
        foreach (bench_rotated($rows, $round) as $k => $row) {
            $name = "$base:$round:" . array_search($row, $rows, true);
            $acc[$row][] = round_of($row, $name, $jobs, $payload, $r);
            bench_sweep_keys($r, $name);
        }
    }
} finally {
    bench_sweep_keys($r, $base);
}

$per_job = [];
$table = [];
foreach ($rows as $row) {
    $n = array_sum(array_column($acc[$row], 'jobs'));
    $cpu = array_sum(array_column($acc[$row], 'cpu_us'));
    $calls = $scripts = 0;
    foreach ($acc[$row] as $run) {
        foreach ($run['stats'] as $cmd => [$c]) {
            $calls += $c;
            $scripts += in_array($cmd, ['eval', 'evalsha'], true) ? $c : 0;
        }
    }
    $per_job[$row] = $n ? $cpu / $n : NAN;
    $table[$row] = [$row, number_format($n), bench_fixed($per_job[$row], 1), '', bench_fixed($n ? $calls / $n : NAN, 2),
        bench_fixed($n ? $scripts / $n : NAN, 2), bench_fixed(array_sum(array_column($acc[$row], 'wall')), 2)];
    if ($n !== $jobs * ROUNDS) {
        $table[$row][0] .= sprintf(' (drained %d of %d)', $n, $jobs * ROUNDS);
    }
}
foreach ($rows as $row) {
    $table[$row][3] = bench_ratio($per_job[$row] / $per_job[SF]);
}
printf("\n### A backlog of %s jobs of 1 KiB, drained by %d workers\n\n", number_format($jobs), WORKERS);
bench_table(['row', 'jobs', 'Redis CPU µs/job', 'ratio vs Symfony', 'commands/job', 'scripts/job', 'wall s'],
    array_values($table), [1, 2, 3, 4, 5, 6]);
bench_record('backlog', ['jobs' => $jobs, 'symfony_us' => $per_job[SF], 'rows' => [
    'on the stream' => $per_job[STREAM], 'on the stream, deferred acks' => $per_job[DEFER],
    'delayed into the zset, promoted' => $per_job[PROMOTED]]]);
$ratio = $per_job[STREAM] / $per_job[SF];
printf("\nTarget: a backlog on the stream layout drains at ≤ %sx Symfony's commands' Redis CPU per job: %s (%s).\n",
    TARGET, bench_ratio($ratio), $ratio <= TARGET ? 'met' : 'NOT met');
bench_goals_print([bench_goal('backlog', $per_job[STREAM], $per_job[SF], 'µs')]);
