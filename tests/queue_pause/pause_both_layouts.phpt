--TEST--
RedisQueue pause()/resume() on both layouts: a paused queue hands out nothing to reserve() or pop(), and everything again once resumed
--DESCRIPTION--
One queue or a list of queues (the others still give); producers still add; stats(), top() and size() show the pause and the tasks; the tasks come in order after resume() and when a pause for a time ends (a waiting reserve() gets one then).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    echo "-- $layout\n";
    $name = rl_name();
    $other = $name . '-other';
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->enqueue($name, 'a');
    $q->enqueue($name, 'b', payload: 'B');
    $q->enqueue($other, 'o');
    rq_check($q->pause($name) === true, 'pause() of a running queue answers true');
    rq_check($q->pause($name) === false, 'pause() of a paused queue answers false');
    rq_check($q->reserve($name) === false, 'reserve() takes nothing from it');
    rq_check($q->pop($name) === false, 'pop() takes nothing from it');
    rq_check($q->reserve($name, 5, 30, 0.2) === [], 'a waiting reserve() of 5 gets nothing either');
    $t = $q->reserve([$name, $other]);
    rq_check($t['id'] === 'o' && $t['queue'] === $other, 'a list of queues takes from the one not paused', $t);
    $q->ack($other, 'o', $t['receipt']);
    rq_check($q->enqueue($name, 'c') && $q->submit($name, 'd') === 'queued', 'producers still add tasks');
    $s = $q->stats($name);
    rq_check($s['paused'] === true && $s['pause_left'] === null && $s['due'] === 4, 'stats() shows the pause and the 4 tasks', $s);
    rq_check(array_column($q->top($name, 10), 'id') === ['a', 'b', 'c', 'd'], 'top() still lists them in order');
    rq_check($q->size($name)['due'] === 4, 'size() counts them');
    rq_check($q->resume($name) === true, 'resume() of a paused queue answers true');
    rq_check($q->resume($name) === false, 'resume() of a running queue answers false');
    rq_check($q->stats($name)['paused'] === false, 'stats() shows it running');
    $t = $q->reserve($name);
    rq_check($t['id'] === 'a' && $t['attempts'] === 1, 'the first task comes first, its first attempt', $t);
    $q->ack($name, 'a', $t['receipt']);
    // A pause for a time ends by itself; a waiting reserve() gets the task once it has.
    rq_check($q->pause($name, 0.3) === true, 'a pause for 0.3 s');
    $left = $q->stats($name)['pause_left'];
    rq_check($left > 0 && $left <= 0.3, 'stats() gives the time left', $left);
    rq_check($q->pop($name) === false, 'pop() takes nothing meanwhile');
    $t = $q->reserve($name, 1, 30, 30);
    rq_check($t['id'] === 'b' && $t['payload'] === 'B', 'a reserve() waiting 30 s gets the next task when the pause ends', $t);
    rq_check($q->stats($name)['paused'] === false, 'the pause is over');
    $q->ack($name, 'b', $t['receipt']);
    rq_check(array_column($q->pop($name, 10), 'id') === ['c', 'd'], 'pop() takes the rest');
    $q->clear($name);
    $q->clear($other);
}
?>
--EXPECT--
-- zset
ok: pause() of a running queue answers true
ok: pause() of a paused queue answers false
ok: reserve() takes nothing from it
ok: pop() takes nothing from it
ok: a waiting reserve() of 5 gets nothing either
ok: a list of queues takes from the one not paused
ok: producers still add tasks
ok: stats() shows the pause and the 4 tasks
ok: top() still lists them in order
ok: size() counts them
ok: resume() of a paused queue answers true
ok: resume() of a running queue answers false
ok: stats() shows it running
ok: the first task comes first, its first attempt
ok: a pause for 0.3 s
ok: stats() gives the time left
ok: pop() takes nothing meanwhile
ok: a reserve() waiting 30 s gets the next task when the pause ends
ok: the pause is over
ok: pop() takes the rest
-- stream
ok: pause() of a running queue answers true
ok: pause() of a paused queue answers false
ok: reserve() takes nothing from it
ok: pop() takes nothing from it
ok: a waiting reserve() of 5 gets nothing either
ok: a list of queues takes from the one not paused
ok: producers still add tasks
ok: stats() shows the pause and the 4 tasks
ok: top() still lists them in order
ok: size() counts them
ok: resume() of a paused queue answers true
ok: resume() of a running queue answers false
ok: stats() shows it running
ok: the first task comes first, its first attempt
ok: a pause for 0.3 s
ok: stats() gives the time left
ok: pop() takes nothing meanwhile
ok: a reserve() waiting 30 s gets the next task when the pause ends
ok: the pause is over
ok: pop() takes the rest
