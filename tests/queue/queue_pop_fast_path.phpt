--TEST--
RedisQueue::pop() from a queue of bare ids with nothing in flight takes the due tasks with one ZPOPMIN, in due order
--DESCRIPTION--
RedisQueue::pop() from a queue of bare ids with nothing in flight takes the due
tasks in due order with one ZPOPMIN and no range scan; tasks not due yet are put
back with their due times unchanged, and a pop with nothing due answers false
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue();
$q->pop("$name:warm");
$q->enqueue($name, ['a', 'b', 'c']);
$q->enqueue($name, ['d', 'e'], afterInterval: 60);
$key = "Queue:$name";
$scores = [$raw->call('ZSCORE', $key, 'd'), $raw->call('ZSCORE', $key, 'e')];
/* MONITOR shows what the script ran on this test's keys (the server is shared). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
$got = $q->pop($name, 5);
$ran = rq_own_commands(rq_monitor_take($monitor), $name);
fclose($monitor);
rq_check(array_column($got, 'id') === ['a', 'b', 'c'], 'the three due tasks, in due order', $got);
rq_check(rq_count_commands($ran, 'zpopmin', 'lua') === 1, 'one ZPOPMIN', array_column($ran, 'cmd'));
rq_check(rq_count_commands($ran, 'zrangebyscore', 'lua') === 0, 'no range scan', array_column($ran, 'cmd'));
rq_check([$raw->call('ZSCORE', $key, 'd'), $raw->call('ZSCORE', $key, 'e')] === $scores, 'the delayed tasks are back, due times unchanged', $scores);
rq_check($q->pop($name) === false, 'nothing due: false');
rq_check($raw->call('ZCARD', $key) === 2 && $raw->call('ZSCORE', $key, 'd') === $scores[0], 'still two delayed tasks, unchanged');
$q->clear($name);
?>
--EXPECT--
ok: the three due tasks, in due order
ok: one ZPOPMIN
ok: no range scan
ok: the delayed tasks are back, due times unchanged
ok: nothing due: false
ok: still two delayed tasks, unchanged
