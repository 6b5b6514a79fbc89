--TEST--
Laravel queue driver: while pop() waits (block_for 0 or 60), PHP's signal handlers run between wait slices, and a handler that throws ends pop() cleanly
--DESCRIPTION--
The --timeout of Laravel's Worker and any pcntl_alarm() of the application act
through PHP signal handlers, which run only when the extension's call returns. A
wait of block_for seconds is therefore made of waits of at most 2 s
(RedisLockQueue::WAIT_SLICE).
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () {
    throw new RuntimeException('alarm');
});
/* block_for 0 waits for ever and 60 far longer than the bound below: a handler that ran
 * only at the end of the wait would not end pop() within it. */
foreach ([0, 60] as $blockFor) {
    $app = lq_app(['block_for' => $blockFor]);
    $queue = $app['queue']->connection('redislock');
    pcntl_alarm(1);
    [$error, $took] = rq_timed(function () use ($queue) {
        try {
            $queue->pop();
        } catch (RuntimeException $e) {
            return $e->getMessage();
        }
        return null;
    });
    pcntl_alarm(0);
    rq_check($error === 'alarm' && $took > 0.9 && $took < 30, "block_for $blockFor: the alarm's handler ran within a slice and ended pop()", [$error, $took]);
    $id = $queue->push(new LqRecordJob("after $blockFor"));
    $job = $queue->pop();
    rq_check($job !== null && $job->getJobId() === $id, "block_for $blockFor: the queue works afterwards");
    $job->delete();
}
?>
--EXPECT--
ok: block_for 0: the alarm's handler ran within a slice and ended pop()
ok: block_for 0: the queue works afterwards
ok: block_for 60: the alarm's handler ran within a slice and ended pop()
ok: block_for 60: the queue works afterwards
