--TEST--
RedisQueue::submit() until_done settles a lapsed reservation of its id first: the id is free once that was its last attempt, still a duplicate while attempts are left
--DESCRIPTION--
A worker reserves a task submitted with 'until_done' (visibility 0.2 s) and dies
without acking; nobody reserves before the next submit. With the reservation's
last attempt used (max attempts 1) the next submit answers 'queued' and its
payload runs at attempt 1: the lapsed run is dead, and the new run takes the id
out of the dead letters as any enqueue of a dead id does. Before, the submit
answered 'duplicate' against the lapsed run, the next reserve() put that run in
the dead letters, and the new payload never ran. With attempts left (max 2) the
next submit answers 'duplicate' and the lapsed run comes back at attempt 2. State
and answers from the server; the waits only let the visibility pass.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    $out = [];
    foreach ([1, 2] as $max) {
        $name = rl_name("$layout-$max");
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $q->submit($name, 'x', 'A', unique: 'until_done');
        $t = $q->reserve($name, 1, 0.2, 0, $max);
        usleep(300000);                              // the worker died; its reservation lapses
        $answer = $q->submit($name, 'x', 'B', unique: 'until_done');
        $u = $q->reserve($name, 1, 30, 5, $max);
        $out[] = "max $max: $answer, then " . ($u === false ? 'nothing' : "{$u['payload']} attempt {$u['attempts']}")
            . ', dead ' . count($q->dead($name));
        $q->clear($name);
    }
    echo "$layout: ", implode(' | ', $out), "\n";
}
?>
--EXPECT--
zset: max 1: queued, then B attempt 1, dead 0 | max 2: duplicate, then A attempt 2, dead 0
stream: max 1: queued, then B attempt 1, dead 0 | max 2: duplicate, then A attempt 2, dead 0
