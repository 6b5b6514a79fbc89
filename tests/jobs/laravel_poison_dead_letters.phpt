--TEST--
Laravel queue driver: a job that always throws runs --tries times, then ends in our dead letters
--DESCRIPTION--
Laravel queue driver: a job that always throws runs --tries times, then ends in
our dead letters with its payload, its failed() runs once and the failed-job
provider logs it once; pushing the logged payload again (queue:retry) takes it
out of the dead letters
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app();
$queue = $app['queue']->connection('redislock');
$id = $queue->push(new LqRecordJob('poison', 0, true));
$payload = rq_queue()->top(lq_queue())['payload'];
$worker = lq_worker($app);
for ($i = 0; $i < 5; $i++) {
    $worker->runNextJob('redislock', lq_queue(), lq_options(3));
}
$events = array_map(fn ($r) => $r[0] . '#' . $r[2], LqRecordJob::$runs);
/* failed() runs on a fresh instance of the command, which has no job (#0), up to
 * Laravel 12; Laravel 13 calls it on the instance that ran the last attempt (#3). */
$tail = array_pop($events);
rq_check($events === ['start#1', 'throw#1', 'start#2', 'throw#2', 'start#3', 'throw#3'] && in_array($tail, ['failed#0', 'failed#3'], true),
    'three attempts, then failed() once', [$events, $tail]);
$dead = rq_queue()->dead(lq_queue());
rq_check(count($dead) === 1 && $dead[0]['id'] === $id && $dead[0]['attempts'] === 3, 'one dead letter, after 3 attempts', $dead);
rq_check(($dead[0]['payload'] ?? null) === $payload, 'the dead letter carries the job\'s payload');
rq_check($queue->size() === 0, 'nothing left to run');
$failed = $app['lq.failed']->getArrayCopy();
rq_check(count($failed) === 1 && $failed[0][0] === 'redislock' && $failed[0][1] === lq_queue() && $failed[0][2] === $payload,
    'the failed-job provider logged it once, with connection, queue and payload', $failed);
rq_check($failed[0][3] instanceof RuntimeException && $failed[0][3]->getMessage() === 'job poison fails', 'with the exception');
rq_check(count($app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported) === 3, 'the Worker reported each exception');

/* queue:retry on Laravel 8.83 pushes the logged payload again (pushRaw()). */
rq_check($queue->pushRaw($failed[0][2], $failed[0][1]) === $id, 'retried under the same id');
$size = rq_queue()->size(lq_queue());
rq_check($size['dead'] === 0 && $size['due'] === 1, 'out of the dead letters, due again', $size);
$job = $queue->pop();
rq_check($job->attempts() === 1, 'its attempts start again');
$job->delete();
?>
--EXPECT--
ok: three attempts, then failed() once
ok: one dead letter, after 3 attempts
ok: the dead letter carries the job's payload
ok: nothing left to run
ok: the failed-job provider logged it once, with connection, queue and payload
ok: with the exception
ok: the Worker reported each exception
ok: retried under the same id
ok: out of the dead letters, due again
ok: its attempts start again
