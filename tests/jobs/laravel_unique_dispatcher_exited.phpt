--TEST--
Laravel ShouldBeUnique on our store with leases: a second dispatch is refused until the first job has run, also when the dispatching process exited 3 leases before
--DESCRIPTION--
Unchanged user code: a ShouldBeUnique job dispatched by Laravel's Schedule::job()
(through its UniqueLock, as PendingDispatch does), each dispatch in a process of
its own that exits at once. The unique lock is released by the worker that runs
the job (CallQueuedHandler), not by the dispatcher, so it keeps the lifetime
the job asked for (uniqueFor; here Laravel's default, no expiry) and never gets
a lease, which would end with the dispatcher.
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_schedule.inc';
const LEASE = 1.0;

$dir = rq_tmpdir();
$log = "$dir/runs.log";
$name = rl_name();
$queue = lq_queue();
$app = ls_app('locks', LEASE);
$size = fn () => $app['queue']->connection('redislock')->size($queue);
$dispatch = fn () => ls_step(['dispatch', 'locks', LEASE, $name, $log, $queue]);

$out = $dispatch();
rq_check($out === '' && $size() === 1, 'the first dispatch queues the job; its process has exited', $out);
usleep((int) (3 * LEASE * 1e6));
$out = $dispatch();
rq_check($out === '' && $size() === 1, '3 leases later, a second dispatch is refused: the job is still unique', [$out, $size()]);

lq_worker($app)->runNextJob('redislock', $queue, lq_options());
$runs = is_file($log) ? file($log, FILE_IGNORE_NEW_LINES) : [];
rq_check(count($runs) === 1 && $size() === 0, 'a worker runs the first job', $runs);
$out = $dispatch();
rq_check($out === '' && $size() === 1, 'now a dispatch queues the job again', [$out, $size()]);
lq_worker($app)->runNextJob('redislock', $queue, lq_options());
rq_check(count(file($log)) === 2 && $size() === 0, 'and it runs');
?>
--EXPECT--
ok: the first dispatch queues the job; its process has exited
ok: 3 leases later, a second dispatch is refused: the job is still unique
ok: a worker runs the first job
ok: now a dispatch queues the job again
ok: and it runs
