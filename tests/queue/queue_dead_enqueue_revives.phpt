--TEST--
RedisQueue: enqueue() of a dead id takes it out of the dead letters and forgets its attempts: it is queued and only queued, and its next reservation is attempt 1
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, 'y');
$y = $q->reserve($name);
var_dump($q->release($name, 'y', 0, $y['receipt']));
var_dump(rq_where($raw, $name, 'y'));
var_dump($q->enqueue($name, 'y'));
var_dump(rq_where($raw, $name, 'y'), $q->size($name)['dead']);
$y = $q->reserve($name);
var_dump($y['id'], $y['attempts']);
?>
--EXPECT--
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
bool(true)
array(1) {
  [0]=>
  string(6) "queued"
}
int(0)
string(1) "y"
int(1)
