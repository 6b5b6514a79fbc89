--TEST--
RedisQueue::migrate() back keeps the run enqueued again behind a lapsed reservation: it returns to the zset with its own payload
--DESCRIPTION--
An id reserved on the stream layout and enqueued again during its run (with
another payload) has that second run parked behind the first. When the first
reservation lapses and migrate(back: true) settles it, the parked run must not
vanish with the reservation's index entry: it is in the zset afterwards, and a
zset-layout worker reserves it with the payload it was enqueued with.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$old = rq_queue(['queue_layout' => 'zset']);
$name = rl_name();
$q->enqueue($name, 'job', 10, 0, false, 'first');
$t = $q->reserve($name, 1, 0.3);
rq_check(is_array($t) && $t['id'] === 'job' && $t['payload'] === 'first', 'the first run is reserved on the stream', $t);
$q->enqueue($name, 'job', 10, 0, false, 'second');
usleep(500000);
$rounds = 0;
do {
    $m = $q->migrate($name, true);
} while ($m['layout'] !== 'zset' && ++$rounds < 10);
rq_check($m['layout'] === 'zset', 'the queue is back on the zset layout', $m);
$got = $old->reserve($name, 5, 30);
rq_check(is_array($got) && count($got) === 1 && $got[0]['id'] === 'job' && $got[0]['payload'] === 'second',
    'the parked run is reserved, once, with its own payload', $got);
?>
--EXPECT--
ok: the first run is reserved on the stream
ok: the queue is back on the zset layout
ok: the parked run is reserved, once, with its own payload
