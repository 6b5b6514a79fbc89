--TEST--
RedisQueue: without a receipt, ack(), release() and touch() act on the id's current reservation, whichever worker holds it; with a receipt of another task or a made-up one they return false
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$w1 = rq_queue();
$w2 = rq_queue();
$w1->enqueue($name, ['job', 'other']);
$first = $w1->reserve($name, 1, 0.2);
usleep(300000);
$second = $w2->reserve($name, 2, 30);
$byId = array_column($second, null, 'id');
ksort($byId);
var_dump(array_keys($byId));
$otherReceipt = $byId['other']['receipt'];
$jobReceipt = $byId['job']['receipt'];
var_dump($w1->touch($name, 'job', 60, $otherReceipt));
var_dump($w1->ack($name, 'job', 'made-up'));
var_dump($w1->release($name, 'job', 0, $jobReceipt . 'x'));
$t0 = rq_server_time($raw);
var_dump($w1->touch($name, 'job', 60));
$deadline = (float) rq_deadline($raw, $name, 'job');
rq_check($deadline >= $t0 + 60 && $deadline < $t0 + 61, 'touch() without a receipt moved the current deadline', [$t0, $deadline]);
var_dump($w1->release($name, 'job'));
var_dump(rq_where($raw, $name, 'job'));
$third = $w1->reserve($name, 1, 30);
var_dump($third['id']);
var_dump($w1->ack($name, 'job'));
/* The second worker's receipt is stale now. */
var_dump($w2->ack($name, 'job', $jobReceipt));
var_dump($w2->ack($name, 'other', $otherReceipt));
var_dump($w1->size($name));
?>
--EXPECT--
array(2) {
  [0]=>
  string(3) "job"
  [1]=>
  string(5) "other"
}
bool(false)
bool(false)
bool(false)
bool(true)
ok: touch() without a receipt moved the current deadline
bool(true)
array(1) {
  [0]=>
  string(6) "queued"
}
string(3) "job"
bool(true)
bool(false)
bool(true)
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
