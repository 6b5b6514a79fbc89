--TEST--
RedisQueue: enqueue() of a list takes payloads as id => bytes (int and numeric-string ids match either key form); ids left out carry none
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
var_dump($q->enqueue($name, ['a', 7, '8', 'none'], payload: ['a' => 'A', '7' => 'seven', 8 => 'eight']));
$got = [];
foreach ($q->pop($name, 10) as $e) {
    $got[$e['id']] = $e['payload'] ?? null;
}
ksort($got);
var_dump($got);
?>
--EXPECT--
bool(true)
array(4) {
  [7]=>
  string(5) "seven"
  [8]=>
  string(5) "eight"
  ["a"]=>
  string(1) "A"
  ["none"]=>
  NULL
}
