--TEST--
RedisQueue: tasks without a payload keep exactly the entry shapes of reserve(), pop(), top() and dead(), also in a queue whose other tasks carry payloads
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, ['p1', 'p2'], payload: ['p1' => 'x', 'p2' => 'y']);
$q->enqueue($name, ['a', 'b', 'c', 'd'], afterInterval: 0.001);
usleep(5000);
$seen = [];
foreach ($q->top($name, 10) as $e) {
    $seen['top'][$e['id']] = array_keys($e);
}
foreach ($q->reserve($name, 3) as $e) {
    $seen['reserve'][$e['id']] = array_keys($e);
    $q->release($name, $e['id'], 0, $e['receipt']);
}
foreach ($q->pop($name, 10) as $e) {
    $seen['pop'][$e['id']] = array_keys($e);
}
foreach ($q->dead($name) as $e) {
    $seen['dead'][$e['id']] = array_keys($e);
}
$want = [
    'top' => ['id', 'score'], 'reserve' => ['id', 'score', 'receipt', 'attempts'],
    'pop' => ['id', 'score'], 'dead' => ['id', 'attempts', 'time'],
];
foreach ($want as $call => $keys) {
    $ok = true;
    foreach ($seen[$call] ?? [] as $id => $k) {
        $ok = $ok && ($k === (str_starts_with($id, 'p') ? [...array_slice($keys, 0, count($keys)), 'payload'] : $keys));
    }
    rq_check($ok && count($seen[$call] ?? []) > 0, "$call(): today's shape without a payload, plus 'payload' with one", $seen[$call] ?? null);
}
?>
--EXPECT--
ok: top(): today's shape without a payload, plus 'payload' with one
ok: reserve(): today's shape without a payload, plus 'payload' with one
ok: pop(): today's shape without a payload, plus 'payload' with one
ok: dead(): today's shape without a payload, plus 'payload' with one
