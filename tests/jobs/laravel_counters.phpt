--TEST--
Laravel queue driver: through Laravel's Worker, a job that succeeds counts processed and timed, and a job that always throws with --tries=2 counts one release, then one failed run and a dead letter
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app();
$queue = $app['queue']->connection('redislock');
$queue->push(new LqRecordJob('fine'));
$queue->push(new LqRecordJob('poison', 0, true));
$worker = lq_worker($app);
for ($i = 0; $i < 4; $i++) {
    $worker->runNextJob('redislock', lq_queue(), lq_options(2));
}
rq_check($queue->size() === 0, 'nothing left to run (the last ack sent)');
/* The driver's counts of the acks the server confirmed go with its next write a
 * second later, with its stats() (read here), or at its connection's end. */
$queue->stats();
$c = rq_queue()->stats(lq_queue())['counts'];
rq_check($c['processed'] === 1 && $c['durations']['+Inf'] === 1 && $c['released'] === 1 && $c['failed'] === 1
    && $c['dead'] === 1 && $c['retried'] === 0, 'processed 1 (timed), released 1, failed 1, dead 1', $c);
?>
--EXPECT--
ok: nothing left to run (the last ack sent)
ok: processed 1 (timed), released 1, failed 1, dead 1
