--TEST--
RedisQueue: a stale receipt gets false from ack(), release() and touch(), which change nothing
--DESCRIPTION--
RedisQueue: a worker whose reservation expired and was reserved again by another
worker gets false from ack(), release() and touch() with its stale receipt, and
they change nothing: the task stays in flight with the second worker's deadline
and receipt, whose ack() then works
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$w1 = rq_queue();
$w2 = rq_queue();
$w1->enqueue($name, 'job');
$first = $w1->reserve($name, 1, 0.2);
usleep(300000);
$second = $w2->reserve($name, 1, 30);
var_dump($second['id'], $second['attempts']);
rq_check($second['receipt'] !== $first['receipt'], 'the second reservation has its own receipt');

$before = [
    $raw->call('ZRANGE', "Queue:$name", '0', '-1', 'WITHSCORES'),
    $raw->call('ZRANGE', "{Queue:$name}:inflight", '0', '-1', 'WITHSCORES'),
    rq_records($raw, $name),
    $raw->call('ZRANGE', "{Queue:$name}:dead", '0', '-1', 'WITHSCORES'),
];
echo "worker 1, stale receipt\n";
var_dump($w1->touch($name, 'job', 60, $first['receipt']));
var_dump($w1->release($name, 'job', 0, $first['receipt']));
var_dump($w1->release($name, 'job', 5, $first['receipt']));
var_dump($w1->ack($name, 'job', $first['receipt']));
$after = [
    $raw->call('ZRANGE', "Queue:$name", '0', '-1', 'WITHSCORES'),
    $raw->call('ZRANGE', "{Queue:$name}:inflight", '0', '-1', 'WITHSCORES'),
    rq_records($raw, $name),
    $raw->call('ZRANGE', "{Queue:$name}:dead", '0', '-1', 'WITHSCORES'),
];
rq_check($after === $before, 'nothing changed', [$before, $after]);
var_dump($w1->size($name));
/* Nobody else gets the task meanwhile. */
var_dump($w1->reserve($name, 1, 30));

echo "worker 2, its own receipt\n";
var_dump($w2->ack($name, 'job', $second['receipt']));
var_dump($w2->size($name), rq_records($raw, $name));
?>
--EXPECT--
string(3) "job"
int(2)
ok: the second reservation has its own receipt
worker 1, stale receipt
bool(false)
bool(false)
bool(false)
bool(false)
ok: nothing changed
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
bool(false)
worker 2, its own receipt
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
array(0) {
}
