--TEST--
Laravel queue driver: bulk() adds every job in one round trip, raises JobQueued for each, and the Worker runs them all
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone. */
rq_own_main_server();
$app = lq_app();
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
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
$queue->bulk([new LqRecordJob('b1'), new LqRecordJob('b2'), new LqRecordJob('b3'), new LqRecordJob('b4')]);
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') - $before;
rq_check($calls === 1, 'one script call for four jobs', $calls);
rq_check(count($queued) === 4 && count(array_unique($queued)) === 4, 'four JobQueued events with their ids', $queued);
$ids = array_column(rq_queue()->top(lq_queue(), 10), 'id');
sort($ids);
$sorted = $queued;
sort($sorted);
rq_check($ids === $sorted, 'the events carry the task ids', [$ids, $queued]);
rq_check($queue->size() === 4, 'four jobs queued');
$worker = lq_worker($app);
for ($i = 0; $i < 4; $i++) {
    $worker->runNextJob('redislock', lq_queue(), lq_options());
}
$tags = array_column(array_filter(LqRecordJob::$runs, fn ($r) => $r[0] === 'end'), 1);
sort($tags);
rq_check($tags === ['b1', 'b2', 'b3', 'b4'], 'the Worker ran each once', LqRecordJob::$runs);
rq_check($queue->size() === 0 && rq_queue()->size(lq_queue())['dead'] === 0, 'all acked');
?>
--EXPECT--
ok: one script call for four jobs
ok: four JobQueued events with their ids
ok: the events carry the task ids
ok: four jobs queued
ok: the Worker ran each once
ok: all acked
