--TEST--
Laravel queue driver: a job that outlives its $timeout with $failOnTimeout is moved to our dead letters and does not run again
--DESCRIPTION--
Laravel queue driver: a job that outlives its $timeout with $failOnTimeout is
failed by Laravel's worker (SIGALRM) and moved to our dead letters with its
payload before the worker kills itself; it does not run again
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$dir = rq_tmpdir();
$log = "$dir/runs.log";
touch($log);
$app = lq_app(['retry_after' => 1]);
$queue = $app['queue']->connection('redislock');
$id = $queue->push(new LqRecordJob('slow', 60, false, $log, null, 1, true));
$payload = rq_queue()->top(lq_queue())['payload'];
$t = microtime(true);
$proc = lq_spawn_worker(['redislock', 1, 3, 10], ['LQ_QUEUE' => lq_queue()], "$dir/worker.out");
$codes = lq_wait_all([$proc], 90);
$took = microtime(true) - $t;
/* The timeout is 3 s, the job 60 s: the bound only separates the two. */
rq_check($codes[0] !== 0 && $took < 30, 'the worker ended itself at the timeout (not after the job\'s 60 s)', [$codes, $took]);
$lines = array_map(fn ($l) => explode(' ', $l)[0], file($log, FILE_IGNORE_NEW_LINES));
rq_check($lines === ['start', 'failed'], 'the job started, never ended, and its failed() ran', $lines);
$dead = rq_queue()->dead(lq_queue());
rq_check(count($dead) === 1 && $dead[0]['id'] === $id && ($dead[0]['payload'] ?? null) === $payload,
    'it is a dead letter, with its payload', $dead);
usleep(1500000);   // longer than retry_after: a reservation left behind would be due again
$stats = rq_queue()->stats(lq_queue());
rq_check($stats['due'] + $stats['delayed'] + $stats['inflight'] === 0 && $stats['dead'] === 1, 'nothing comes back to run', $stats);
echo trim(file_get_contents("$dir/worker.out")), "\n";
$queue->clear(lq_queue());
?>
--EXPECT--
ok: the worker ended itself at the timeout (not after the job's 60 s)
ok: the job started, never ended, and its failed() ran
ok: it is a dead letter, with its payload
ok: nothing comes back to run
