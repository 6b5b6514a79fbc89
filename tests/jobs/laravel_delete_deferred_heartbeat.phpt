--TEST--
Laravel queue driver: a job the Worker deleted stays renewed, and is handed to no other worker, until the Worker's next pop() sends its ack
--DESCRIPTION--
On the stream layout, delete() defers the ack to the Worker's next pop() (one round trip per job). Between
the two, with no job left, the Worker sleeps; the reservation's heartbeat keeps
renewing it meanwhile (retry_after 1 s, here for 2.5 s), so another worker never
gets the job that already ran. The Worker's next pop() sends the ack first: the
queue is empty and the job ran once.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app(['retry_after' => 1]);
$queue = $app['queue']->connection('redislock');
$queue->getRedisQueue()->migrate(lq_queue());   // redislock migrate-queue: the stream layout, where delete() defers
$id = $queue->push(new LqRecordJob('once'));
$worker = lq_worker($app);
$worker->runNextJob('redislock', lq_queue(), lq_options(3));
rq_check(LqRecordJob::$runs === [['start', 'once', 1], ['end', 'once', 1]], 'the Worker ran the job and deleted it', LqRecordJob::$runs);
$other = rq_queue();
$stolen = [];
$end = microtime(true) + 2.5;
while (microtime(true) < $end) {
    if (($task = $other->reserve(lq_queue(), 1, 30)) !== false) {
        $stolen[] = $task['id'];
    }
    usleep(100000);
}
rq_check($stolen === [], 'no other worker got it in 2.5 retry_afters while the ack waited', $stolen);
rq_check($other->size(lq_queue())['inflight'] === 1, 'it was still reserved, renewed by the heartbeat');
$worker->runNextJob('redislock', lq_queue(), lq_options(3, 0.01));
$size = $other->size(lq_queue());
rq_check($size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the Worker\'s next pop() sent the ack: the queue is empty', $size);
rq_check(count(LqRecordJob::$runs) === 2, 'the job ran once', LqRecordJob::$runs);
?>
--EXPECT--
ok: the Worker ran the job and deleted it
ok: no other worker got it in 2.5 retry_afters while the ack waited
ok: it was still reserved, renewed by the heartbeat
ok: the Worker's next pop() sent the ack: the queue is empty
ok: the job ran once
