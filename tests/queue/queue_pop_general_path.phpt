--TEST--
RedisQueue::pop() on a queue with a task in flight or with payloads does not take the ZPOPMIN path (zset layout); on the stream layout it skips the id in flight too
--DESCRIPTION--
The zset layout (queue_layout zset, the layout of earlier releases and of pop-only
queues): pop()'s ZPOPMIN fast path is taken only while no task is in flight and no
payload is stored, so an id enqueued again while in flight is skipped and a payload
comes with its task. On the stream layout the run enqueued again waits behind its
run in flight (parked in the stream's index, not in the zset ZPOPMIN reads), so
pop() skips it there as well.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();

echo "zset layout\n";
$name = rl_name();
$q = rq_queue(['queue_layout' => 'zset']);
$q->enqueue($name, 'x');
$t = $q->reserve($name, 1, 30);
$q->enqueue($name, ['x', 'y']);
/* MONITOR shows what the scripts ran on this test's keys (the server is shared). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
$got = $q->pop($name, 5);
$ran = rq_own_commands(rq_monitor_take($monitor), $name);
rq_check(array_column($got, 'id') === ['y'], 'the id in flight is skipped', $got);
rq_check(rq_count_commands($ran, 'zpopmin', 'lua') === 0, 'no ZPOPMIN while a task is in flight', array_column($ran, 'cmd'));
$q->ack($name, 'x', $t['receipt']);
$q->clear($name);

$q->enqueue($name, 'p', payload: "bytes\0");
rq_monitor_take($monitor);
$got = $q->pop($name);
$ran = rq_own_commands(rq_monitor_take($monitor), $name);
fclose($monitor);
rq_check($got['id'] === 'p' && $got['payload'] === "bytes\0", 'the payload comes with its task', $got);
rq_check($raw->call('EXISTS', "{Queue:$name}:payloads") === 0, 'and goes with it');
rq_check(rq_count_commands($ran, 'zpopmin', 'lua') === 0, 'no ZPOPMIN while payloads are stored', array_column($ran, 'cmd'));

echo "stream layout\n";
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'x');
$t = $q->reserve($name, 1, 30);
$q->enqueue($name, ['x', 'y'], payload: ['x' => 'again']);
$got = $q->pop($name, 5);
rq_check(array_column($got, 'id') === ['y'], 'the id in flight is skipped', $got);
rq_check(rq_where($raw, $name, 'x') === ['queued', 'inflight'], 'its second run waits behind the first', rq_where($raw, $name, 'x'));
var_dump($q->ack($name, 'x', $t['receipt']));
$got = $q->pop($name, 5);
rq_check(array_column($got, 'payload', 'id') === ['x' => 'again'], 'it is popped once the first run ended, with its payload', $got);
?>
--EXPECT--
zset layout
ok: the id in flight is skipped
ok: no ZPOPMIN while a task is in flight
ok: the payload comes with its task
ok: and goes with it
ok: no ZPOPMIN while payloads are stored
stream layout
ok: the id in flight is skipped
ok: its second run waits behind the first
bool(true)
ok: it is popped once the first run ended, with its payload
