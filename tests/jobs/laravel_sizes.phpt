--TEST--
Laravel queue driver: size() counts due, delayed and reserved jobs, and pendingSize(), delayedSize(), reservedSize() and creationTimeOfOldestPendingJob() each tell their part
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app();
$queue = $app['queue']->connection('redislock');
rq_check($queue->size() === 0 && $queue->creationTimeOfOldestPendingJob() === null, 'empty: 0, no oldest job');
$t0 = time();
$queue->push(new LqRecordJob('s1'));
$queue->push(new LqRecordJob('s2'));
$queue->push(new LqRecordJob('s3'));
$queue->later(60, new LqRecordJob('s4'));
$queue->later(new DateInterval('PT90S'), new LqRecordJob('s5'));
$queue->pushOn('other-' . lq_queue(), new LqRecordJob('x'));
$job = $queue->pop();
$sizes = [$queue->size(), $queue->pendingSize(), $queue->delayedSize(), $queue->reservedSize()];
rq_check($sizes === [5, 2, 2, 1], 'size 5 = 2 pending + 2 delayed + 1 reserved', $sizes);
$oldest = $queue->creationTimeOfOldestPendingJob();
rq_check(is_int($oldest) && $oldest >= $t0 - 1 && $oldest <= time(), 'the oldest pending job\'s time', [$oldest, $t0]);
rq_check($queue->size('other-' . lq_queue()) === 1, 'another queue counts its own');
$job->fail(new RuntimeException('x'));
rq_check($queue->size() === 4 && count($queue->deadJobs()) === 1, 'a failed job is a dead letter, not counted by size()');
rq_check($queue->clear(lq_queue()) === 5 && $queue->size() === 0, 'clear() removes every job, dead letters included');
$queue->clear('other-' . lq_queue());
?>
--EXPECT--
ok: empty: 0, no oldest job
ok: size 5 = 2 pending + 2 delayed + 1 reserved
ok: the oldest pending job's time
ok: another queue counts its own
ok: a failed job is a dead letter, not counted by size()
ok: clear() removes every job, dead letters included
