--TEST--
RedisQueue pause(): a task whose worker is SIGKILLed during a pause comes back but waits for resume(), then runs once (both layouts)
--DESCRIPTION--
Its reservation lapses and the task goes back among the due ones, no reserve() gets it while paused; after resume() it runs once, its second attempt, with its payload.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$dsn = rl_dsn();
foreach (['zset', 'stream'] as $layout) {
    echo "-- $layout\n";
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->enqueue($name, 'a', payload: 'A');
    $q->enqueue($name, 'b');
    [$proc, $out, $t] = rq_reserve_in_child($dsn, $name, '1, 0.5');
    rq_check(($t['id'] ?? null) === 'a', 'the child reserved a for 0.5 s', $t);
    rq_check($q->pause($name), 'paused');
    rq_check(rq_kill($proc, $out), 'the child is SIGKILLed');
    // Waits (bounded) until the lapsed reservation is back among the due tasks;
    // every reserve() meanwhile gets nothing.
    $handed = [];
    $deadline = microtime(true) + 30;
    do {
        if ($t = $q->reserve($name, 10, 30, 0.2)) {
            $handed[] = $t;
        }
        $s = $q->stats($name);
    } while (($s['inflight'] !== 0 || $s['due'] !== 2) && microtime(true) < $deadline);
    rq_check($s['inflight'] === 0 && $s['due'] === 2, 'a is back, b waits', $s);
    rq_check($handed === [], 'nothing was handed out while paused', $handed);
    $q->resume($name);
    $got = [];
    while ($t = $q->reserve($name)) {
        $got[] = "{$t['id']}={$t['attempts']}" . (isset($t['payload']) ? ":{$t['payload']}" : '');
        $q->ack($name, $t['id'], $t['receipt']);
    }
    sort($got);
    rq_check($got === ['a=2:A', 'b=1'], 'resumed: a once, its second attempt, with its payload; b once', $got);
    rq_check($q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the queue is empty', $q->size($name));
    $q->clear($name);
}
?>
--EXPECT--
-- zset
ok: the child reserved a for 0.5 s
ok: paused
ok: the child is SIGKILLed
ok: a is back, b waits
ok: nothing was handed out while paused
ok: resumed: a once, its second attempt, with its payload; b once
ok: the queue is empty
-- stream
ok: the child reserved a for 0.5 s
ok: paused
ok: the child is SIGKILLed
ok: a is back, b waits
ok: nothing was handed out while paused
ok: resumed: a once, its second attempt, with its payload; b once
ok: the queue is empty
