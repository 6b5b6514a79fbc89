--TEST--
Laravel queue driver: block_for = null (Laravel's default) does not wait: pop() on an empty queue returns null at once, with one script call
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
$app = lq_app(['block_for' => null]);
$queue = $app['queue']->connection('redislock');
$raw = new RawRedis();
$queue->pop();   // the script is loaded and the connection made
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop');
[$job, $took] = rq_timed(fn () => $queue->pop());
$calls = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') + rq_cmd_calls($raw, 'blpop') - $before;
rq_check($job === null && $took < 0.1, 'null at once', $took);
rq_check($calls === 1, 'one script call, no BLPOP', $calls);
?>
--EXPECT--
ok: null at once
ok: one script call, no BLPOP
