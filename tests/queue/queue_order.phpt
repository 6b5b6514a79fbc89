--TEST--
RedisQueue: due tasks come out lowest score first (earliest due time first, ties by id), from top, pop and reserve alike
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();

// Enqueued in an order unrelated to their due times, 0.6 s apart: far more
// than two calls take, under valgrind or on a loaded machine, so the due times
// keep the order of the delays.
$delays = ['e' => 3.0, 'a' => 0.6, 'd' => 2.4, 'b' => 1.2, 'c' => 1.8];
foreach ($delays as $id => $delay) {
    $q->enqueue($name, $id, 10, $delay);
}
// Same due time (one call): ordered by id.
$q->enqueue($name, ['z2', 'z1', 'z3'], 10, 3.6);
usleep(4000000);

$top = $q->top($name, 100);
echo implode(' ', array_column($top, 'id')), "\n";
$scores = array_column($top, 'score');
$sorted = $scores;
sort($sorted);
rq_check($scores === $sorted, 'scores ascend', $scores);
rq_check(count(array_unique(array_slice(array_map('strval', $scores), 0, 5))) === 5, 'the five single tasks have distinct scores');
rq_check($scores[5] === $scores[6] && $scores[6] === $scores[7], 'one enqueue call gives one due time');

echo $q->pop($name)['id'], "\n";
echo implode(' ', array_column($q->pop($name, 2), 'id')), "\n";
echo implode(' ', array_column($q->reserve($name, 3), 'id')), "\n";
echo $q->reserve($name)['id'], "\n";
echo implode(' ', array_column($q->pop($name, 100), 'id')), "\n";
?>
--EXPECT--
a b c d e z1 z2 z3
ok: scores ascend
ok: the five single tasks have distinct scores
ok: one enqueue call gives one due time
a
b c
d e z1
z2
z3
