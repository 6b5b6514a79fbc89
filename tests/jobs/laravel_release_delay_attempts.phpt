--TEST--
Laravel queue driver: a job released with a delay is not handed out before the delay has passed, comes back after it, and attempts() counts each reservation
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app(['retry_after' => 30]);
$raw = new RawRedis();
$queue = $app['queue']->connection('redislock');
$id = $queue->push(new LqRecordJob('r'));
$job = $queue->pop();
rq_check($job->attempts() === 1, 'first reservation: attempt 1');
$t0 = rq_server_time($raw);
$job->release(1);
rq_check($job->isReleased() && $job->wasSettled() === true, 'released with its receipt');
rq_check($queue->delayedSize() === 1 && $queue->pendingSize() === 0, 'the released job is delayed', $queue->stats());
rq_check($queue->pop() === null, 'not handed out during its delay');
$t = microtime(true);
$again = null;
while ($again === null && microtime(true) - $t < 30) {
    usleep(50000);
    $again = $queue->pop();
}
$waited = rq_server_time($raw) - $t0;
rq_check($again !== null && $again->getJobId() === $id, 'handed out again after the delay');
rq_check($waited >= 1.0, 'not before 1 s of the server\'s clock', $waited);
rq_check($again->attempts() === 2, 'second reservation: attempt 2', $again->attempts());
rq_check($again->getRawBody() === $job->getRawBody(), 'with the same payload');
/* The first reservation's receipt no longer counts: its late ack, deferred to the
 * driver's next call (reservedSize() sends it first), changes nothing. */
$queue->ackJob($job);
rq_check($queue->reservedSize() === 1, 'an old reservation cannot ack the new one: it is still in flight');
rq_check(rq_queue()->size(lq_queue())['inflight'] === 1, 'as another connection sees it once the late ack was sent');
$again->delete();
rq_check($queue->size() === 0, 'acked');
?>
--EXPECT--
ok: first reservation: attempt 1
ok: released with its receipt
ok: the released job is delayed
ok: not handed out during its delay
ok: handed out again after the delay
ok: not before 1 s of the server's clock
ok: second reservation: attempt 2
ok: with the same payload
ok: an old reservation cannot ack the new one: it is still in flight
ok: as another connection sees it once the late ack was sent
ok: acked
