--TEST--
Laravel queue driver: a job that calls $this->release(now()->addSeconds(5)) under the Worker is put back delayed by 5 s, not left reserved, and runs again about 5 s later
--DESCRIPTION--
Laravel documents release() with a date. The driver used to cast the delay to a
float after Laravel had marked the job released: in an application (warnings are
ErrorException there) that threw, the Worker then neither released nor deleted the
job, and the heartbeat kept it reserved for as long as the worker lived. Laravel's
own redis driver runs it again after 5 s.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_delay.inc';
ld_errors_throw();
/* A short visibility: a job left reserved would be renewed by the heartbeat, not come back. */
$app = lq_app(['retry_after' => 2]);
$queue = $app['queue']->connection('redislock');
$queue->push(new LqReleaseJob('carbon+5'));
$worker = lq_worker($app);
$worker->runNextJob('redislock', lq_queue(), lq_options(3));
$released = LqReleaseJob::$runs[0][0] ?? microtime(true);
$stats = $queue->stats();
rq_check(ld_reported($app) === [], 'the Worker saw no exception', ld_reported($app));
rq_check($stats['inflight'] === 0 && $stats['delayed'] === 1 && $stats['due'] === 0, 'the job is delayed, not left reserved', $stats);
rq_check($stats['next_due_in'] !== null && $stats['next_due_in'] > 3.5 && $stats['next_due_in'] <= 5.05, 'due in about 5 s', $stats);
while (count(LqReleaseJob::$runs) < 2 && microtime(true) - $released < 30) {
    $worker->runNextJob('redislock', lq_queue(), lq_options(3, 0.05));
}
$again = isset(LqReleaseJob::$runs[1]) ? LqReleaseJob::$runs[1][0] - $released : null;
/* Not before its 5 s (the server said when it is due, above); the upper bound only
 * catches a job that never came back, far from a loaded machine's slow loop. */
rq_check($again !== null && $again > 3.9 && $again < 25, 'the Worker ran it again about 5 s later', [$again, LqReleaseJob::$runs]);
rq_check((LqReleaseJob::$runs[1][1] ?? 0) === 2, 'as its second attempt', LqReleaseJob::$runs);
rq_check($queue->size() === 0 && ld_reported($app) === [], 'then it was done, with no exception', [$queue->stats(), ld_reported($app)]);
?>
--EXPECT--
ok: the Worker saw no exception
ok: the job is delayed, not left reserved
ok: due in about 5 s
ok: the Worker ran it again about 5 s later
ok: as its second attempt
ok: then it was done, with no exception
