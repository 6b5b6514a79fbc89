--TEST--
RedisQueue::stats(): due, delayed, in flight, dead, the oldest due task's age, the time to the next delayed one and the overdue reservations, by the server's clock, for a queue in every state
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
// The zset layout: on the stream layout a reservation is overdue at the queue's
// visibility (the longest asked), and a promoted task's age counts from its entry.
$q = rq_queue(['max_attempts' => 1, 'queue_layout' => 'zset']);
var_dump($q->stats($name));
$q->enqueue($name, ['d1', 'd2', 'd3']);
$q->enqueue($name, 'later', afterInterval: 30);
$q->enqueue($name, ['f1', 'f2']);
usleep(300000);
$q->reserve($name, 1, 60);
$q->reserve($name, 1, 0.05);
$t = $q->reserve($name, 1, 60);
$q->release($name, $t['id'], 0, $t['receipt']);
usleep(100000);
$s = $q->stats($name);
echo json_encode(array_intersect_key($s, array_flip(['due', 'delayed', 'inflight', 'dead', 'overdue']))), "\n";
/* Lower bounds are the test's own sleeps; the upper ones leave a loaded machine tens
 * of seconds and still catch an age or a delay in the wrong unit. */
rq_check($s['oldest_due_age'] >= 0.35 && $s['oldest_due_age'] < 25, 'the oldest due task has waited since it was enqueued', $s);
rq_check($s['next_due_in'] > 5 && $s['next_due_in'] <= 30, 'the delayed one falls due in about 30 s', $s);
var_dump(array_keys($s));
rq_check($s['counts']['released'] === 1 && $s['counts']['processed'] === 0 && $s['counts']['durations']['+Inf'] === 0, 'the counters: one run released, none acked', $s['counts']);
$q->reserve($name, 10, 60);
$s = $q->stats($name);
rq_check($s['due'] === 0 && $s['oldest_due_age'] === 0.0 && $s['overdue'] === 0, 'nothing due: age 0.0; a reserve returned the overdue one', $s);
?>
--EXPECT--
array(10) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
  ["oldest_due_age"]=>
  float(0)
  ["next_due_in"]=>
  NULL
  ["overdue"]=>
  int(0)
  ["paused"]=>
  bool(false)
  ["pause_left"]=>
  NULL
  ["counts"]=>
  array(7) {
    ["processed"]=>
    int(0)
    ["failed"]=>
    int(0)
    ["released"]=>
    int(0)
    ["retried"]=>
    int(0)
    ["dead"]=>
    int(0)
    ["durations"]=>
    array(17) {
      ["0.005"]=>
      int(0)
      ["0.01"]=>
      int(0)
      ["0.025"]=>
      int(0)
      ["0.05"]=>
      int(0)
      ["0.1"]=>
      int(0)
      ["0.25"]=>
      int(0)
      ["0.5"]=>
      int(0)
      [1]=>
      int(0)
      ["2.5"]=>
      int(0)
      [5]=>
      int(0)
      [10]=>
      int(0)
      [30]=>
      int(0)
      [60]=>
      int(0)
      [300]=>
      int(0)
      [900]=>
      int(0)
      [3600]=>
      int(0)
      ["+Inf"]=>
      int(0)
    }
    ["duration_sum"]=>
    float(0)
  }
}
{"due":2,"delayed":1,"inflight":2,"dead":1,"overdue":1}
ok: the oldest due task has waited since it was enqueued
ok: the delayed one falls due in about 30 s
array(10) {
  [0]=>
  string(3) "due"
  [1]=>
  string(7) "delayed"
  [2]=>
  string(8) "inflight"
  [3]=>
  string(4) "dead"
  [4]=>
  string(14) "oldest_due_age"
  [5]=>
  string(11) "next_due_in"
  [6]=>
  string(7) "overdue"
  [7]=>
  string(6) "paused"
  [8]=>
  string(10) "pause_left"
  [9]=>
  string(6) "counts"
}
ok: the counters: one run released, none acked
ok: nothing due: age 0.0; a reserve returned the overdue one
