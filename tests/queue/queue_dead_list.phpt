--TEST--
RedisQueue: dead() lists the oldest $count dead letters first, each ['id' => string, 'attempts' => int, 'time' => float]; an empty list for a queue without any; count < 1 is a ValueError
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
var_dump($q->dead($name));
foreach (['c', 'a', 7, 'b'] as $id) {
    $q->enqueue($name, $id);
    $t = $q->reserve($name);
    $q->release($name, $t['id']);
    usleep(2000);
}
$dead = $q->dead($name);
var_dump(array_column($dead, 'id'));
$ok = true;
$last = 0.0;
foreach ($dead as $d) {
    $ok = $ok && array_keys($d) === ['id', 'attempts', 'time'] && is_string($d['id'])
        && $d['attempts'] === 1 && is_float($d['time']) && $d['time'] > $last;
    $last = $d['time'];
}
rq_check($ok, 'entries have the documented shape, times increasing', $dead);
var_dump(array_column($q->dead($name, 2), 'id'));
var_dump(count($q->dead($name, PHP_INT_MAX)));
foreach ([0, -1] as $count) {
    try {
        $q->dead($name, $count);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
array(0) {
}
array(4) {
  [0]=>
  string(1) "c"
  [1]=>
  string(1) "a"
  [2]=>
  string(1) "7"
  [3]=>
  string(1) "b"
}
ok: entries have the documented shape, times increasing
array(2) {
  [0]=>
  string(1) "c"
  [1]=>
  string(1) "a"
}
int(4)
ValueError: RedisQueue::dead(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::dead(): Argument #2 ($count) must be greater than or equal to 1
