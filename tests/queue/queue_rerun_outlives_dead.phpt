--TEST--
RedisQueue: a run queued while its id was in flight outlives that run's death (fail(), or its last attempt lapsing), as a new task, on both layouts; the dead run leaves no dead letter
--DESCRIPTION--
submit() answers 'queued' for an id in flight (none, until_started, window,
debounce) and enqueue() adds a run the same way: it waits behind the running
run and follows it once that ends. When that run ends dead instead (fail() with
its receipt, a fail() with a new payload, or its last allowed reservation lapsing),
the run queued meanwhile is what remains: it keeps its payload and due time and
starts at attempt 1, and the id is not in the dead letters (an id is dead or
alive; the end is the one an enqueue just after the failure gives). Before: the
queued run was dropped with the dead one. A run in flight with nothing queued
behind it still goes to the dead letters with its payload. State from the
server and what the next reserve() gets; no time is measured.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    $out = [];
    foreach (['fail', 'fail+payload', 'lapse', 'enqueue'] as $how) {
        $name = rl_name("$layout-$how");
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $q->submit($name, 'x', 'A');
        $t = $q->reserve($name, 1, $how === 'lapse' ? 0.3 : 30, 0, $how === 'lapse' ? 1 : null);
        $again = $how === 'enqueue' ? ($q->enqueue($name, 'x', payload: 'B') ? 'queued' : 'kept')
            : $q->submit($name, 'x', 'B', unique: $how === 'lapse' ? 'until_started' : 'none');
        if ($how === 'lapse') {
            usleep(400000);                          // its only attempt lapses
        } else {
            $q->fail($name, 'x', $t['receipt'], $how === 'fail+payload' ? 'why' : null);
        }
        /* The same most attempts: on the stream layout it is the queue's, last writer wins. */
        $u = $q->reserve($name, 1, 30, 5, $how === 'lapse' ? 1 : null);
        $out[] = "$how: $again, then " . ($u === false ? 'nothing' : "{$u['payload']} attempt {$u['attempts']}")
            . ', dead ' . count($q->dead($name));
        if ($u !== false) {
            $q->ack($name, 'x', $u['receipt']);
        }
        $q->clear($name);
    }
    /* Nothing queued behind it: dead, with its payload. */
    $name = rl_name("$layout-alone");
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->submit($name, 'y', 'C');
    $t = $q->reserve($name, 1, 30);
    $q->fail($name, 'y', $t['receipt']);
    $d = $q->dead($name);
    $out[] = 'alone: dead ' . count($d) . ' ' . ($d[0]['payload'] ?? '-') . ', queued ' . implode('+', rq_where($raw, $name, 'y'));
    $q->clear($name);
    echo "$layout: ", implode(' | ', $out), "\n";
}
?>
--EXPECT--
zset: fail: queued, then B attempt 1, dead 0 | fail+payload: queued, then B attempt 1, dead 0 | lapse: queued, then B attempt 1, dead 0 | enqueue: queued, then B attempt 1, dead 0 | alone: dead 1 C, queued dead
stream: fail: queued, then B attempt 1, dead 0 | fail+payload: queued, then B attempt 1, dead 0 | lapse: queued, then B attempt 1, dead 0 | enqueue: queued, then B attempt 1, dead 0 | alone: dead 1 C, queued dead
