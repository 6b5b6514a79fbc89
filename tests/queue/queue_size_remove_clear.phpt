--TEST--
RedisQueue: size() counts due, delayed and in-flight tasks; remove() deletes one task, queued or in flight; clear() deletes all and returns how many
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$other = rl_name();

var_dump($q->size($name));
$q->enqueue($name, ['d1', 'd2', 'd3', 'd4']);
$q->enqueue($name, ['l1', 'l2'], 10, 60);
$q->reserve($name, 2);
$q->enqueue($other, 'untouched');
var_dump($q->size($name));

echo "remove\n";
var_dump($q->remove($name, 'd3'));       // queued, due
var_dump($q->remove($name, 'l1'));       // queued, delayed
var_dump($q->remove($name, 'd1'));       // in flight
var_dump($q->remove($name, 'd1'));       // gone
var_dump($q->remove($name, 'nope'));
var_dump($q->size($name));
var_dump($q->ack($name, 'd1'));          // removed, so not in flight any more
var_dump(array_column($q->top($name, 10), 'id'));

echo "clear\n";
var_dump($q->clear($name));              // d2 (in flight), d4, l2
var_dump($q->size($name));
var_dump($q->clear($name));
var_dump(rq_state_keys($raw, $name));
var_dump($q->size($other));
var_dump($q->clear($other));
var_dump(rq_state_keys($raw, $other));
// A cleared queue works as before.
$q->enqueue($name, 'fresh');
var_dump($q->pop($name)['id']);
?>
--EXPECT--
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
array(4) {
  ["due"]=>
  int(2)
  ["delayed"]=>
  int(2)
  ["inflight"]=>
  int(2)
  ["dead"]=>
  int(0)
}
remove
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
bool(false)
array(1) {
  [0]=>
  string(2) "d4"
}
clear
int(3)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(0)
array(0) {
}
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
array(0) {
}
string(5) "fresh"
