--TEST--
Laravel queue driver: with block_for, pop() waits on the server (null not before block_for) and a push wakes it, with a handful of commands, no polling
--DESCRIPTION--
Laravel queue driver: with block_for, pop() waits on the server and returns as
soon as a job is pushed from another process, with a handful of commands, and
returns null after block_for on an empty queue
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone, and so is
 * its count of blocked clients. */
rq_own_main_server();
$app = lq_app(['block_for' => 3]);
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();

[$job, $took] = rq_timed(fn () => $queue->pop());
rq_check($job === null && $took >= 2.8 && $took < 30, 'empty: null, not before block_for (3 s)', $took);

/* A child pushes once the pop below is blocked on the server. With block_for 60, a
 * pop that returns the job was woken by the push: it did not wait out block_for. */
$queue = lq_app(['block_for' => 60])['queue']->connection('redislock');
putenv('LQ_QUEUE=' . lq_queue());
$child = rl_php_file('require ' . var_export(__DIR__ . '/laravel_queue.inc', true) . ';
rq_wait_blocked(new RawRedis(), 1, 60);
$app = lq_app();
$app["queue"]->connection("redislock")->push(new LqRecordJob("late"));');
$out = rq_tmpdir() . '/child.out';
$proc = proc_open(lq_php_command($child), [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $out, 'a']], $pipes);
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop');
[$job, $took] = rq_timed(fn () => $queue->pop());
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop') - $before;
$codes = lq_wait_all([$proc], 60);
rq_check($codes === [0] && trim(file_get_contents($out)) === '', 'the pushing process ended cleanly', [$codes, file_get_contents($out)]);
rq_check($job !== null && $job->attempts() === 1, 'the pushed job is handed out');
rq_check($took < 60, 'woken by the push, not at the end of block_for (60 s)', $took);
rq_check($calls <= 8, 'with a handful of commands, not a polling loop (push and wait included)', $calls);
$job->delete();
$queue->size();   // sends the deferred ack while the test's own server still runs (it stops before the objects end)
?>
--EXPECT--
ok: empty: null, not before block_for (3 s)
ok: the pushing process ended cleanly
ok: the pushed job is handed out
ok: woken by the push, not at the end of block_for (60 s)
ok: with a handful of commands, not a polling loop (push and wait included)
