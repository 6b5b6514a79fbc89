--TEST--
RedisQueue: a task enqueued with afterInterval 0 is due at once; one with afterInterval 2 is neither seen nor taken before 2 s (server clock) and is due after it
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();

var_dump($q->enqueue($name, 'now'));
/* 2 s: the checks below take a few ms, and far less than that on a loaded machine. */
var_dump($q->enqueue($name, 'later', 10, 2));
$raw = new RawRedis();
$due = (float) $raw->call('ZSCORE', "Queue:$name", 'later');
var_dump($q->size($name));
var_dump($q->top($name, 10) === [$q->top($name)]);
var_dump($q->top($name)['id']);
var_dump($q->pop($name)['id']);
// Only the delayed task is left, and it is not due yet.
var_dump($q->top($name), $q->pop($name), $q->pop($name, 5), $q->reserve($name));
rq_check(rq_server_time($raw) < $due, 'the checks above ran before the delayed task fell due');
var_dump($q->size($name));

while (rq_server_time($raw) < $due + 0.01) {
    usleep(20000);
}
var_dump($q->size($name));
var_dump($q->top($name)['id']);
var_dump($q->pop($name)['id']);
var_dump($q->pop($name));
var_dump($q->size($name));
?>
--EXPECT--
bool(true)
bool(true)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
bool(true)
string(3) "now"
string(3) "now"
bool(false)
bool(false)
array(0) {
}
bool(false)
ok: the checks above ran before the delayed task fell due
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
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
string(5) "later"
string(5) "later"
bool(false)
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
