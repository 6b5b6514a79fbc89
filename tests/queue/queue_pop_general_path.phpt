--TEST--
RedisQueue::pop() on a queue with a task in flight or with payloads does not take the ZPOPMIN path
--DESCRIPTION--
RedisQueue::pop() on a queue with a task in flight or with payloads does not
take the ZPOPMIN path: an id in flight that was enqueued again is still skipped,
and payloads still come with their tasks and go with them
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue();
$q->enqueue($name, 'x');
$t = $q->reserve($name, 1, 30);
$q->enqueue($name, ['x', 'y']);
$zpopmin = rq_cmd_calls($raw, 'zpopmin');
$got = $q->pop($name, 5);
rq_check(array_column($got, 'id') === ['y'], 'the id in flight is skipped', $got);
rq_check(rq_cmd_calls($raw, 'zpopmin') === $zpopmin, 'no ZPOPMIN while a task is in flight');
$q->ack($name, 'x', $t['receipt']);
$q->clear($name);

$q->enqueue($name, 'p', payload: "bytes\0");
$got = $q->pop($name);
rq_check($got['id'] === 'p' && $got['payload'] === "bytes\0", 'the payload comes with its task', $got);
rq_check($raw->call('EXISTS', "{Queue:$name}:payloads") === 0, 'and goes with it');
rq_check(rq_cmd_calls($raw, 'zpopmin') === $zpopmin, 'no ZPOPMIN while payloads are stored');
?>
--EXPECT--
ok: the id in flight is skipped
ok: no ZPOPMIN while a task is in flight
ok: the payload comes with its task
ok: and goes with it
ok: no ZPOPMIN while payloads are stored
