--TEST--
RedisQueue: top() shows due tasks without removing them; pop() removes what it returns, and nothing else
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$key = 'Queue:' . $name;
$q->enqueue($name, ['t1', 't2', 't3', 't4']);
$q->enqueue($name, 'later', 10, 60);

$first = $q->top($name, 10);
echo implode(' ', array_column($first, 'id')), "\n";
var_dump($q->top($name, 10) === $first, $q->top($name) === $first[0]);
var_dump($raw->call('ZCARD', $key));

$t = $q->pop($name);
var_dump($t === $first[0]);
var_dump($raw->call('ZSCORE', $key, 't1'));
var_dump($raw->call('ZCARD', $key));
var_dump($q->top($name, 10) === array_slice($first, 1));

$two = $q->pop($name, 2);
var_dump($two === array_slice($first, 1, 2));
var_dump($raw->call('ZRANGE', $key, '0', '-1'));
// The delayed task is neither shown nor taken.
var_dump($q->pop($name, 10) === [$first[3]]);
var_dump($q->pop($name), $q->top($name));
var_dump($raw->call('ZRANGE', $key, '0', '-1'));
?>
--EXPECT--
t1 t2 t3 t4
bool(true)
bool(true)
int(5)
bool(true)
NULL
int(4)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(2) "t4"
  [1]=>
  string(5) "later"
}
bool(true)
bool(false)
bool(false)
array(1) {
  [0]=>
  string(5) "later"
}
