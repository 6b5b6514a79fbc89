--TEST--
Laravel queue driver: bulk() of more than 64 MiB of payloads in all queues every job, in chunks under the extension's 64 MiB per call (one round trip each), with a JobQueued event for each job
--DESCRIPTION--
Laravel's redis driver queues a bulk of any total size. One enqueue() carries at
most 64 MiB of payloads, so bulk() sends chunks under that bound, each one round
trip and atomic on its own. A single payload over the extension's 16 MiB is
refused (ValueError) before any chunk is sent.
--INI--
extension=mbstring
extension=posix
memory_limit=2G
--FILE--
<?php
require __DIR__ . '/laravel_delay.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone. */
rq_own_main_server();
$app = lq_app();
/* Scripts that copy 8 MiB payloads take seconds on a loaded machine: a read timeout
 * that only a hang reaches. */
$app['config']->set('database.redis.default.read_timeout', 60);
$queued = [];
$app['events']->listen(Illuminate\Queue\Events\JobQueued::class, function ($e) use (&$queued) {
    $queued[] = $e->id;
});
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();
/* Warm-up on another queue: the test's server is fresh, and a script's first call on
 * it is an EVALSHA refused (NOSCRIPT) and an EVAL. */
$queue->bulk([new LqRecordJob('warm-up'), new LqRecordJob('warm-up-2')], '', lq_queue() . ':warm-up');   // two: one job alone takes enqueue_one
$queued = [];

/* 9 jobs of 8 MiB each: about 72 MiB of payloads. */
$jobs = [];
for ($i = 0; $i < 9; $i++) {
    $jobs[] = new LqRecordJob(str_repeat(chr(ord('a') + $i), 8 << 20));
}
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
[$error, $took] = rq_timed(function () use ($queue, $jobs) {
    try {
        $queue->bulk($jobs);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
    return null;
});
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') - $before;
rq_check($error === null, 'no error', $error);
rq_check($queue->size() === 9, 'all 9 jobs queued', $queue->stats());
rq_check($calls === 2, 'in two round trips (two chunks under 64 MiB)', $calls);
rq_check(count($queued) === 9 && count(array_unique($queued)) === 9, 'a JobQueued event for each', $queued);
/* Only a hang is a failure here: a loaded machine stretches the copying of 72 MiB. */
rq_check($took < 200, 'it does not hang (200 s)', $took);
/* Each job carries its own payload. */
$job = $queue->pop();
rq_check($job !== null && strlen($job->getRawBody()) > 8 << 20 && in_array($job->getJobId(), $queued, true),
    'a job comes back with its whole payload');
if ($job !== null) {
    $job->delete();
}
$queue->clear(null);
unset($jobs, $job);

/* One payload over 16 MiB: refused before anything is written, no event. */
$queued = [];
$error = null;
try {
    $queue->bulk([new LqRecordJob('small'), new LqRecordJob(str_repeat('z', 17 << 20))]);
} catch (Throwable $e) {
    $error = $e;
}
rq_check($error instanceof ValueError && str_contains($error->getMessage(), '16777216'), 'a payload over 16 MiB: ValueError naming the bound',
    $error ? get_class($error) . ': ' . $error->getMessage() : null);
rq_check($queue->size() === 0 && $queued === [], 'nothing queued, no event', [$queue->stats(), $queued]);
?>
--EXPECT--
ok: no error
ok: all 9 jobs queued
ok: in two round trips (two chunks under 64 MiB)
ok: a JobQueued event for each
ok: it does not hang (200 s)
ok: a job comes back with its whole payload
ok: a payload over 16 MiB: ValueError naming the bound
ok: nothing queued, no event
