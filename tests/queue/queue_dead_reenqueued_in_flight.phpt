--TEST--
RedisQueue: an id enqueued again during its last allowed reservation is dead, and only dead, once that reservation expires
--DESCRIPTION--
RedisQueue: an id enqueued again while its last allowed reservation runs is
dead, and only dead, once that reservation expires: it is not handed out again
(never dead and running at once) until retryDead(), which starts it at attempt 1
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, 'x');
$x = $q->reserve($name, 1, 0.1);
var_dump($x['attempts']);
$q->enqueue($name, 'x');              // again, while in flight
usleep(150000);                       // its only reservation expires
var_dump($q->reserve($name));         // nothing to hand out
var_dump(rq_where($raw, $name, 'x'));
var_dump(array_column($q->dead($name), 'attempts', 'id'));
var_dump($q->retryDead($name, 'x'));
$x = $q->reserve($name);
var_dump($x['id'], $x['attempts'], rq_where($raw, $name, 'x'));
?>
--EXPECT--
int(1)
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
array(1) {
  ["x"]=>
  int(1)
}
int(1)
string(1) "x"
int(1)
array(1) {
  [0]=>
  string(8) "inflight"
}
