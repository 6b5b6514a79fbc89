--TEST--
Laravel queue driver: a pushed job is stored as one task whose id is the job's uuid and whose payload is Laravel's JSON, Laravel's Worker runs it once, and deleting it acks the task
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app();
$queue = $app['queue']->connection('redislock');
$queue->getRedisQueue()->migrate(lq_queue());   // redislock migrate-queue: the stream layout, where delete() defers
rq_check($queue instanceof RedisLock\Bridge\Laravel\Queue\RedisLockQueue, 'the driver redislock comes from the service provider');
$id = $queue->push(new LqRecordJob('a'));
$task = rq_queue()->top(lq_queue());
$payload = json_decode($task['payload'] ?? 'null', true);
rq_check(is_string($id) && $task['id'] === $id, 'push() returns the task id', [$id, $task]);
rq_check(($payload['uuid'] ?? null) === $id && ($payload['id'] ?? null) === $id, 'the task id is the payload\'s uuid and id', $payload);
rq_check(($payload['displayName'] ?? null) === LqRecordJob::class, 'the payload is Laravel\'s', $payload);

$job = $queue->pop();
rq_check($job instanceof RedisLock\Bridge\Laravel\Queue\RedisLockJob && $job->getJobId() === $id, 'pop() reserves the first job', $job);
rq_check($job->getRawBody() === $task['payload'] && $job->attempts() === 1, 'the raw body comes back byte for byte, first attempt');
rq_check($job->getQueue() === lq_queue() && $job->getConnectionName() === 'redislock', 'the job knows its queue and connection');
$job->release();
$size = rq_queue()->size(lq_queue());
rq_check($size['due'] === 1 && $size['inflight'] === 0, 'release() puts it back', $size);

$worker = lq_worker($app);
$worker->runNextJob('redislock', lq_queue(), lq_options(3));
rq_check(LqRecordJob::$runs === [['start', 'a', 2], ['end', 'a', 2]], 'the Worker (tries 3) ran it once, second attempt', LqRecordJob::$runs);
/* delete() defers the ack to the driver's next call (here its stats()), which sends it first. */
$stats = $queue->stats();
$size = [$stats['due'], $stats['delayed'], $stats['inflight'], $stats['dead']];
rq_check($size === [0, 0, 0, 0], 'deleted: acked by the driver\'s next call, not dead', $stats);
$raw = '{"uuid":"raw-1","job":"LqRaw@handle","data":{"x":"\u00e9\u0000"}}';
rq_check($queue->pushRaw($raw) === 'raw-1', 'pushRaw() returns the payload\'s uuid as the id');
$raw2 = $queue->pop();
rq_check($raw2->getRawBody() === $raw && $raw2->payload()['data']['x'] === "\u{e9}\0", 'a raw payload round trips');
$raw2->delete();
rq_check($raw2->wasSettled() === true && $queue->size() === 0, 'delete() acks with the receipt');
rq_check($app[Illuminate\Contracts\Debug\ExceptionHandler::class]->reported === [], 'nothing reported');
$queue->clear(lq_queue());
?>
--EXPECT--
ok: the driver redislock comes from the service provider
ok: push() returns the task id
ok: the task id is the payload's uuid and id
ok: the payload is Laravel's
ok: pop() reserves the first job
ok: the raw body comes back byte for byte, first attempt
ok: the job knows its queue and connection
ok: release() puts it back
ok: the Worker (tries 3) ran it once, second attempt
ok: deleted: acked by the driver's next call, not dead
ok: pushRaw() returns the payload's uuid as the id
ok: a raw payload round trips
ok: delete() acks with the receipt
ok: nothing reported
