--TEST--
RedisQueue pause() on the stream layout: the empty entries resume() leaves never cut top() short, hide the oldest due task from stats() or make reserve() without a wait miss a task; pause() adds none
--DESCRIPTION--
Each resume() unparks the group with an empty entry (no task) that wakes its
blocked readers; several of them can stand between tasks when a queue is paused
and resumed while producers go on and nobody reads. On the stream layout:
pause() adds no entry (50 calls leave the stream as it was) and pushes no
wake-up token; five cycles of pause(), a task, resume() with nobody reading
leave the tasks interleaved with empty entries, and then top() lists all five,
stats() gives the oldest its age, reserve() without a wait gets the first; a
pop() waiting on the queue paused again clears the wake-up tokens those resumes
left, so none wakes it for nothing.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$n = rl_name('empty');
$q->migrate($n);
$stream = '{Queue:' . $n . '}:stream';
$wakeup = '{Queue:' . $n . '}:wakeup';
$raw->call('DEL', $wakeup);                      // migrate()'s own tokens (they expire in a second)
$q->enqueue($n, 'x');
for ($i = 0; $i < 50; $i++) {
    $q->pause($n, 60);
}
rq_check($raw->call('XLEN', $stream) === 1 && $raw->call('LLEN', $wakeup) === 0, 'pause() adds no entry and pushes no token (50 calls)',
    [$raw->call('XLEN', $stream), $raw->call('LLEN', $wakeup)]);
$q->resume($n);
$q->ack($n, 'x', $q->reserve($n)['receipt']);
for ($i = 1; $i <= 5; $i++) {
    $q->pause($n);
    $q->enqueue($n, "t$i");
    $q->resume($n);
}
$len = $raw->call('XLEN', $stream);
rq_check($len > 5, 'the tasks stand among empty entries', $len);
rq_check(array_column($q->top($n, 10), 'id') === ['t1', 't2', 't3', 't4', 't5'], 'top() lists the five');
usleep(1100000);
$s = $q->stats($n);
rq_check($s['due'] === 5 && $s['oldest_due_age'] >= 1.0, 'stats(): five due, the oldest over a second old', $s);
$t = $q->reserve($n, 1, 30, 0);
rq_check(($t['id'] ?? null) === 't1', 'reserve() without a wait gets the first', $t);
$q->ack($n, 't1', $t['receipt']);
$q->pause($n);
rq_check($q->pop($n, 1, 10, 0.3) === false && $raw->call('LLEN', $wakeup) === 0,
    'a pop() waiting on the paused queue clears the tokens the resumes left (none wakes it for nothing)', $raw->call('LLEN', $wakeup));
$q->resume($n);
$got = array_column($q->pop($n, 10), 'id');
rq_check($got === ['t2', 't3', 't4', 't5'], 'pop() takes the rest, once each', $got);
$q->clear($n);
?>
--EXPECT--
ok: pause() adds no entry and pushes no token (50 calls)
ok: the tasks stand among empty entries
ok: top() lists the five
ok: stats(): five due, the oldest over a second old
ok: reserve() without a wait gets the first
ok: a pop() waiting on the paused queue clears the tokens the resumes left (none wakes it for nothing)
ok: pop() takes the rest, once each
