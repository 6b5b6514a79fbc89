--TEST--
RedisQueue: enqueuing an id already queued keeps its due time; with $replace = true it is rescheduled
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$key = 'Queue:' . $name;

// Due in 100 s; enqueued again as due now: it keeps its first due time.
var_dump($q->enqueue($name, 'a', 10, 100));
$first = $raw->call('ZSCORE', $key, 'a');
var_dump($q->enqueue($name, 'a'));
var_dump($raw->call('ZSCORE', $key, 'a') === $first);
var_dump($q->top($name));
// The same within one call, and next to new ids: only the new ids are added.
var_dump($q->enqueue($name, ['a', 'b', 'a', 'b']));
var_dump($raw->call('ZCARD', $key));
var_dump($raw->call('ZSCORE', $key, 'a') === $first);
var_dump($q->top($name, 10));
var_dump($q->size($name));

// $replace = true: due now.
$now = rq_server_time($raw);
var_dump($q->enqueue($name, 'a', 10, 0, true));
$due = array_column($q->top($name, 10), 'score', 'id');
var_dump(array_keys($due));
$task = ['id' => 'a', 'score' => $due['a']];
rq_check($task['score'] >= $now && $task['score'] < $now + 1, 'the replaced task is due now', [$now, $task]);

// $replace = true also moves a task later.
var_dump($q->enqueue($name, ['a', 'b'], 10, 200, true));
var_dump($q->top($name));
$score = (float) $raw->call('ZSCORE', $key, 'a');
rq_check($score > $now + 199 && $score < $now + 201, 'the replaced task is due in 200 s', [$now, $score]);
var_dump($q->size($name));
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
int(2)
bool(true)
array(1) {
  [0]=>
  array(2) {
    ["id"]=>
    string(1) "b"
    ["score"]=>
    float(%f)
  }
}
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
array(2) {
  [0]=>
  string(1) "b"
  [1]=>
  string(1) "a"
}
ok: the replaced task is due now
bool(true)
bool(false)
ok: the replaced task is due in 200 s
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(2)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
