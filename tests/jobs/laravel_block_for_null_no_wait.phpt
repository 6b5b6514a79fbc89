--TEST--
Laravel queue driver: block_for = null (Laravel's default) does not wait: pop() on an empty queue returns null after one script call and no blocking command
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
/* A server of the test's own: the command counts in INFO commandstats are the test's alone. */
rq_own_main_server();
$app = lq_app(['block_for' => null]);
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();
$queue->pop();   // the script is loaded and the connection made
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop');
[$job, $took] = rq_timed(fn () => $queue->pop());
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop') - $before;
/* "At once" is what the server saw: one script and no blocking command, so nothing
 * waited; the time is only held to a bound no healthy run comes near. */
rq_check($job === null && $took < 10, 'null, without waiting', $took);
rq_check($calls === 1, 'one script call, no BLPOP', $calls);
?>
--EXPECT--
ok: null, without waiting
ok: one script call, no BLPOP
