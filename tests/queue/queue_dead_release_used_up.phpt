--TEST--
RedisQueue: release() of a task that has used up its attempts (max_attempts 2) sends it to the dead letters, whatever its delay, and returns true; a release() before that puts it back in the queue
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 2]);
$q->enqueue($name, 'a');
$a = $q->reserve($name);
var_dump($a['id'], $a['attempts']);
var_dump($q->release($name, 'a', 0, $a['receipt']));
var_dump(rq_where($raw, $name, 'a'));
$a = $q->reserve($name);
var_dump($a['id'], $a['attempts']);
var_dump($q->release($name, 'a', 0, $a['receipt']));
var_dump(rq_where($raw, $name, 'a'));
var_dump(array_column($q->dead($name), 'attempts', 'id'));

echo "with a delay\n";
$q->enqueue($name, 'b');
$b = $q->reserve($name);
$q->release($name, 'b', 0.01);
usleep(20000);
$b = $q->reserve($name);
var_dump($b['id'], $b['attempts']);
var_dump($q->release($name, 'b', 60));
var_dump(rq_where($raw, $name, 'b'));
var_dump($q->size($name));
var_dump($q->release($name, 'b'), $q->release($name, 'a'));
?>
--EXPECT--
string(1) "a"
int(1)
bool(true)
array(1) {
  [0]=>
  string(6) "queued"
}
string(1) "a"
int(2)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
array(1) {
  ["a"]=>
  int(2)
}
with a delay
string(1) "b"
int(2)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(2)
}
bool(false)
bool(false)
