--TEST--
Laravel queue driver: block_for = 0 makes an idle queue:work worker block until a job arrives (as Laravel documents), without polling (commands counted over 4 s idle), and runs a job pushed later
--DESCRIPTION--
Laravel documents block_for 0 as "block until a job is available" (its redis
driver sends BLPOP with timeout 0). The driver used to take 0 as "do not wait",
so an idle worker polled every --sleep seconds. Now pop() waits on the server in
slices of at most RedisLockQueue::WAIT_SLICE (2 s), each a script, one BLPOP and a
script again (about 1.5 commands a second), so the worker's signal handlers still
run between them.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
/* A server of the test's own: the command counts in INFO commandstats and the count of
 * blocked clients are the test's alone. */
rq_own_main_server();
$dir = rq_tmpdir();
$log = "$dir/runs.log";
putenv('LQ_QUEUE=' . lq_queue());
/* A worker with block_for 0 and --sleep 0.05 (a poller would show), stopping after one job. */
$child = rl_php_file('require ' . var_export(__DIR__ . '/laravel_queue.inc', true) . ';
$app = lq_app(["block_for" => 0]);
$worker = lq_worker($app);
$app->instance("queue.worker", $worker);
echo "ready\n";
$status = $worker->daemon("redislock", lq_queue(), lq_options(1, 0.05, 1));
foreach ($app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported as $e) {
    echo "reported: ", get_class($e), ": ", $e->getMessage(), "\n";
}
exit((int) $status);');
$out = "$dir/worker.out";
$raw = new RawRedis();
$proc = proc_open(lq_php_command($child), [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $out, 'a']], $pipes);
rq_check(rq_wait_blocked($raw, 1, 60) >= 1, 'the idle worker blocks on the server');
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop');
sleep(4);
$idle = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop') - $before;
rq_check($idle <= 10, 'idle for 4 s: at most 10 commands (a 2 s slice is two scripts and one BLPOP), no polling', $idle);

$app = lq_app();
$pushed = microtime(true);
$app['queue']->connection('redislock')->push(new LqRecordJob('late', 0, false, $log));
$codes = lq_wait_all([$proc], 60);
$runs = lq_runs($log);
$latency = isset($runs['late'][0]) ? $runs['late'][0]['start'] - $pushed : null;
rq_check($codes === [0] && !str_contains(file_get_contents($out), 'reported'), 'the worker ran the job and stopped cleanly', [$codes, file_get_contents($out)]);
rq_check($latency !== null && $latency >= 0 && count($runs['late']) === 1, 'the job started after its push, once', [$latency, $runs]);
rq_check($app['queue']->connection('redislock')->size() === 0, 'and was acked');
?>
--EXPECT--
ok: the idle worker blocks on the server
ok: idle for 4 s: at most 10 commands (a 2 s slice is two scripts and one BLPOP), no polling
ok: the worker ran the job and stopped cleanly
ok: the job started after its push, once
ok: and was acked
