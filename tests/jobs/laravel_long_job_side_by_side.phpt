--TEST--
Laravel queue driver: a job 3 times longer than retry_after runs exactly once with ours, more than once with Laravel's redis queue
--DESCRIPTION--
Laravel queue driver: a job 3 times longer than retry_after (1 s), with 2
workers, runs exactly once with ours (the heartbeat keeps it reserved), while
through Laravel's own redis queue (phpredis) with the same retry_after it runs
more than once
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
/* Laravel's redis queue runs in child processes that load phpredis (rl_phpredis_command()). */
const RETRY_AFTER = 1;
const JOB_SECONDS = 3.0;
const WORKERS = 2;
const WORKER_SECONDS = 8;

$dir = rq_tmpdir();
$env = ['LQ_QUEUE' => lq_queue()];
putenv('LQ_QUEUE=' . lq_queue());
$logs = ['redislock' => "$dir/ours.log", 'redis' => "$dir/theirs.log"];
$app = lq_app(['retry_after' => RETRY_AFTER]);
$app['queue']->connection('redislock')->push(new LqRecordJob('long', JOB_SECONDS, false, $logs['redislock'], 3));
/* Laravel's own queue is filled by a child too: this process has no phpredis. */
$pusher = rl_php_file('require ' . var_export(__DIR__ . '/laravel_queue.inc', true) . ';
$app = lq_app([], ["retry_after" => ' . RETRY_AFTER . ']);
$app["queue"]->connection("redis")->push(new LqRecordJob("long", ' . JOB_SECONDS . ', false, ' . var_export($logs['redis'], true) . ', 3));
echo $app["queue"]->connection("redis")->size(), "\n";');
$cmd = lq_php_command($pusher, true);
exec(implode(' ', array_map('escapeshellarg', $cmd)) . ' 2>&1', $out, $status);
rq_check($status === 0 && $out === ['1'], "Laravel's redis queue holds the job", $out);

$procs = [];
foreach (['redislock', 'redis'] as $connection) {
    for ($w = 0; $w < WORKERS; $w++) {
        $procs["$connection $w"] = lq_spawn_worker([$connection, RETRY_AFTER, 3, WORKER_SECONDS], $env,
            "$dir/worker-$connection-$w.out", $connection === 'redis');
    }
}
$codes = lq_wait_all($procs, 40);
$expected = array_fill_keys(array_keys($procs), 0);
ksort($expected);
rq_check($codes === $expected, 'every worker ended by itself', $codes);

$ours = lq_runs($logs['redislock'])['long'] ?? [];
rq_check(count($ours) === 1 && $ours[0]['end'] !== null, 'ours: the job ran exactly once, to its end', $ours);
rq_check(($ours[0]['end'] ?? 0) - ($ours[0]['start'] ?? 0) >= JOB_SECONDS - 0.1, 'ours: for its 3 s', $ours);
$stats = rq_queue()->stats(lq_queue());
rq_check($stats['due'] + $stats['delayed'] + $stats['inflight'] + $stats['dead'] === 0, 'ours: acked, nothing left', $stats);

$theirs = lq_runs($logs['redis'])['long'] ?? [];
rq_check(count($theirs) > 1, "Laravel's redis queue: the same job ran more than once", $theirs);
$pids = array_unique(array_column($theirs, 'pid'));
rq_check(count($pids) === 2, "Laravel's redis queue: on both workers", $theirs);
$overlap = count($theirs) > 1 && $theirs[1]['start'] < ($theirs[0]['end'] ?? INF);
rq_check($overlap, "Laravel's redis queue: the second run started while the first still ran", $theirs);
foreach (glob("$dir/worker-redislock-*.out") as $file) {   // ours report nothing
    if (trim(file_get_contents($file)) !== '') {
        echo basename($file), ":\n", file_get_contents($file);
    }
}
$raw = new RawRedis();
$raw->call('DEL', 'queues:' . lq_queue(), 'queues:' . lq_queue() . ':reserved', 'queues:' . lq_queue() . ':delayed', 'queues:' . lq_queue() . ':notify');
?>
--EXPECT--
ok: Laravel's redis queue holds the job
ok: every worker ended by itself
ok: ours: the job ran exactly once, to its end
ok: ours: for its 3 s
ok: ours: acked, nothing left
ok: Laravel's redis queue: the same job ran more than once
ok: Laravel's redis queue: on both workers
ok: Laravel's redis queue: the second run started while the first still ran
