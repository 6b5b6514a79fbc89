--TEST--
RedisQueue::submit() until_done: a SIGKILLed worker's task stays a duplicate, comes back after its visibility, and once dead at max attempts the id is free
--DESCRIPTION--
Both layouts: a child reserves (visibility 0.5 s, 2 attempts) and is SIGKILLed;
submit stays a duplicate; the task is reserved again (attempt 2), lapses again and
goes dead; then a submit queues it anew, attempts forgotten.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $out = [$q->submit($name, 'k', 'one', unique: 'until_done')];
    /* A worker reserves it (visibility 0.5 s, at most 2 attempts) and is killed. */
    [$proc, $pipe, $t] = rq_reserve_in_child(rl_dsn(), $name, '1, 0.5, 0, 2');
    $out[] = 'child ' . ($t['id'] ?? 'nothing');
    $out[] = rq_kill($proc, $pipe) ? 'killed' : 'not killed';
    $out[] = $q->submit($name, 'k', 'two', unique: 'until_done');
    /* It comes back after the visibility: this worker reserves it again (attempt 2). */
    $u = $q->reserve($name, 1, 0.5, 10, 2);
    $out[] = 'back ' . ($u === false ? 'nothing' : $u['id'] . ' ' . $u['payload'] . ' attempt ' . $u['attempts']);
    $out[] = $q->submit($name, 'k', 'three', unique: 'until_done');
    /* This reservation lapses too: at 2 attempts the task is dead, and the id free. */
    $deadline = microtime(true) + 10;
    while (!in_array('dead', rq_where($raw, $name, 'k'), true) && microtime(true) < $deadline) {
        $q->reserve($name, 1, 0.5, 0.2, 2);
    }
    $out[] = implode('+', rq_where($raw, $name, 'k'));
    $out[] = $q->submit($name, 'k', 'four', unique: 'until_done');
    $out[] = implode('+', rq_where($raw, $name, 'k'));
    $v = $q->reserve($name, 1, 30);
    $out[] = 'then ' . $v['payload'] . ' attempt ' . $v['attempts'];
    echo "$layout: ", implode(' | ', $out), "\n";
    $q->clear($name);
}
?>
--EXPECT--
zset: queued | child k | killed | duplicate | back k one attempt 2 | duplicate | dead | queued | queued | then four attempt 1
stream: queued | child k | killed | duplicate | back k one attempt 2 | duplicate | dead | queued | queued | then four attempt 1
