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
$zpopmin = rq_cmd_calls($raw, 'zpopmin');
$scans = rq_cmd_calls($raw, 'zrangebyscore');
$got = $q->pop($name, 5);
rq_check(array_column($got, 'id') === ['a', 'b', 'c'], 'the three due tasks, in due order', $got);
rq_check(rq_cmd_calls($raw, 'zpopmin') - $zpopmin === 1, 'one ZPOPMIN');
rq_check(rq_cmd_calls($raw, 'zrangebyscore') === $scans, 'no range scan');
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
