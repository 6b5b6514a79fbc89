--TEST--
RedisQueue: retryDead() moves dead letters back into the queue, due now, and returns how many
--DESCRIPTION--
RedisQueue: retryDead() moves dead letters back into the queue, due now, and
returns how many: one id, a list (ids not dead are not counted), or null for
all; the next reserve() of a retried task counts attempts from 1 again
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$ids = ['d1', 'd2', 'd3', 'd4', 'd5', '6'];
$q->enqueue($name, $ids);
foreach ($q->reserve($name, 6) as $t) {
    $q->release($name, $t['id']);
}
$q->enqueue($name, 'alive');
var_dump($q->size($name));

echo "one id\n";
$t0 = rq_server_time($raw);
var_dump($q->retryDead($name, 'd1'));
// On the stream layout (the queue's reserve() put it there) a revived task is
// an entry, due at its entry id's ms.
$score = array_column($q->top($name, 10), 'score', 'id')['d1'] ?? 0.0;
rq_check($score >= $t0 - 0.001 && $score < $t0 + 1, 'due now', [$t0, $score]);
var_dump($q->retryDead($name, 'd1'));          // not dead any more
var_dump($q->retryDead($name, 6));              // an int id

echo "a list\n";
var_dump($q->retryDead($name, ['d2', 'd3', 'alive', 'unknown']));
var_dump(array_column($q->dead($name), 'id'));

echo "all\n";
var_dump($q->retryDead($name));
var_dump($q->retryDead($name, null));
var_dump($q->dead($name), $q->size($name));

echo "attempts start over\n";
$all = $q->reserve($name, 10);
$attempts = array_column($all, 'attempts', 'id');
ksort($attempts);
var_dump($attempts);
?>
--EXPECT--
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(6)
}
one id
int(1)
ok: due now
int(0)
int(1)
a list
int(2)
array(2) {
  [0]=>
  string(2) "d4"
  [1]=>
  string(2) "d5"
}
all
int(2)
int(0)
array(0) {
}
array(4) {
  ["due"]=>
  int(7)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
attempts start over
array(7) {
  [6]=>
  int(1)
  ["alive"]=>
  int(1)
  ["d1"]=>
  int(1)
  ["d2"]=>
  int(1)
  ["d3"]=>
  int(1)
  ["d4"]=>
  int(1)
  ["d5"]=>
  int(1)
}
