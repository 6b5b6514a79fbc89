--TEST--
RedisQueue: a payload given to enqueue() comes back byte for byte (NUL bytes, 1 MiB, the empty string) from reserve(), pop(), top() and dead(), as the entry's last key before 'queue'
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$bytes = "a\0b\xff" . random_bytes(1024 * 1024);
$q->enqueue($name, 'big', payload: $bytes);
$q->enqueue($name, 'empty', afterInterval: 0.05, payload: '');
$top = $q->top($name);
rq_check($top['payload'] === $bytes && array_keys($top) === ['id', 'score', 'payload'], 'top() shows the payload', array_keys($top));
$t = $q->reserve($name);
rq_check($t['id'] === 'big' && $t['payload'] === $bytes, 'reserve() returns the payload byte for byte');
var_dump(array_keys($t));
usleep(60000);
$e = $q->pop([$name], 1);
rq_check($e['id'] === 'empty' && $e['payload'] === '', 'an empty payload is a payload', $e);
var_dump(array_keys($e));
$q->release($name, 'big', 0, $t['receipt']);
$dead = $q->dead($name);
rq_check(count($dead) === 1 && $dead[0]['payload'] === $bytes, 'a dead letter keeps its payload');
var_dump(array_keys($dead[0]));
?>
--EXPECT--
ok: top() shows the payload
ok: reserve() returns the payload byte for byte
array(5) {
  [0]=>
  string(2) "id"
  [1]=>
  string(5) "score"
  [2]=>
  string(7) "receipt"
  [3]=>
  string(8) "attempts"
  [4]=>
  string(7) "payload"
}
ok: an empty payload is a payload
array(4) {
  [0]=>
  string(2) "id"
  [1]=>
  string(5) "score"
  [2]=>
  string(7) "payload"
  [3]=>
  string(5) "queue"
}
ok: a dead letter keeps its payload
array(4) {
  [0]=>
  string(2) "id"
  [1]=>
  string(8) "attempts"
  [2]=>
  string(4) "time"
  [3]=>
  string(7) "payload"
}
