--TEST--
RedisQueue pause(): the pause outlives clear(), migrate() and migrate(back: true); nothing is handed out until resume()
--DESCRIPTION--
A group created while paused is parked from the start, a paused stream moves back whole, and a task in flight is acked as ever. Bad input is a ValueError or TypeError and writes nothing; a pause of 1 ns lasts 1 ms.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();

// clear() keeps the pause; the queue starts again on the zset layout.
$name = rl_name('clear');
$q->migrate($name);
$q->enqueue($name, 'x');
$q->pause($name);
rq_check($q->clear($name) === 1, 'clear() removes the task');
rq_check($q->stats($name)['paused'] === true, 'the pause outlives clear()');
$q->enqueue($name, 'y');
rq_check($q->reserve($name, 1, 30, 0.2) === false, 'a task added after clear() waits (zset layout)');
// migrate() of a paused queue: its group is parked from its creation.
$q->migrate($name);
rq_check($q->reserve($name, 1, 30, 0.2) === false && $q->pop($name) === false, 'after migrate() it still waits (stream layout)');
rq_check($q->stats($name)['due'] === 1, 'it is queued', $q->stats($name));
$q->resume($name);
rq_check($q->reserve($name)['id'] === 'y', 'resume(): it is reserved');
$q->clear($name);

// migrate(back: true) of a paused stream: the ready tasks move whole, the one in
// flight is acked with its receipt; then the zset layout keeps the pause.
$name = rl_name('back');
$q->migrate($name);
foreach (['a', 'b', 'c'] as $id) {
    $q->enqueue($name, $id, payload: "P$id");
}
$t = $q->reserve($name);
rq_check($t['id'] === 'a', 'a is in flight');
$q->pause($name);
$q->migrate($name, back: true);
rq_check($raw->call('EXISTS', '{Queue:' . $name . '}:stream') === 0 || $q->size($name)['due'] === 2, 'b and c are queued', $q->size($name));
rq_check($q->reserve($name, 1, 30, 0.2) === false, 'nothing is handed out');
rq_check($q->ack($name, 'a', $t['receipt']) === true, 'the run in flight is acked');
$q->migrate($name, back: true);
rq_check($raw->call('EXISTS', '{Queue:' . $name . '}:stream') === 0, 'the stream is gone');
rq_check(array_column($q->top($name, 10), 'id') === ['b', 'c'], 'b and c wait on the zset layout, in order');
rq_check($q->reserve($name, 1, 30, 0.2) === false, 'still paused');
$q->resume($name);
$got = [];
while ($t = $q->reserve($name)) {
    $got[] = $t['id'] . '=' . $t['payload'];
    $q->ack($name, $t['id'], $t['receipt']);
}
rq_check($got === ['b=Pb', 'c=Pc'], 'resumed: b then c, with their payloads', $got);
$q->clear($name);

// Bad input: ValueError naming the parameter, nothing written.
foreach ([-1, INF, NAN, RedisQueue::MAX_DELAY * 2] as $bad) {
    try {
        $q->pause($name, $bad);
        echo "no error for $bad\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    $q->pause($name, 'soon');
} catch (TypeError $e) {
    echo get_class($e), "\n";
}
rq_check($raw->call('EXISTS', '{Queue:' . $name . '}:paused') === 0, 'no pause was written');
// A pause of a bit more than 0 lasts 1 ms at least, not until resume().
$q->pause($name, 1e-9);
usleep(20000);
rq_check($q->stats($name)['paused'] === false, 'a pause of 1 ns is over');
?>
--EXPECTF--
ok: clear() removes the task
ok: the pause outlives clear()
ok: a task added after clear() waits (zset layout)
ok: after migrate() it still waits (stream layout)
ok: it is queued
ok: resume(): it is reserved
ok: a is in flight
ok: b and c are queued
ok: nothing is handed out
ok: the run in flight is acked
ok: the stream is gone
ok: b and c wait on the zset layout, in order
ok: still paused
ok: resumed: b then c, with their payloads
ValueError: RedisQueue::pause(): Argument #2 ($for) %s
ValueError: RedisQueue::pause(): Argument #2 ($for) %s
ValueError: RedisQueue::pause(): Argument #2 ($for) %s
ValueError: RedisQueue::pause(): Argument #2 ($for) %s
TypeError
ok: no pause was written
ok: a pause of 1 ns is over
