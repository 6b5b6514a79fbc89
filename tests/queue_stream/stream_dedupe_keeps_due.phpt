--TEST--
RedisQueue stream layout: an id already queued keeps its due time and payload: one in the stream stays due and in its place, a delayed one keeps its delay
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'x');
$q->ack($name, 'x', $q->reserve($name)['receipt']);
$q->enqueue($name, ['a', 'b'], payload: ['a' => 'pa']);
$q->enqueue($name, 'a', 10, 60, payload: 'other');      // already queued: stays due now
$q->enqueue($name, 'late', 10, 60);
$due = $raw->call('ZSCORE', "Queue:$name", 'late');
$q->enqueue($name, 'late');                                  // already queued: keeps its delay
var_dump($raw->call('ZSCORE', "Queue:$name", 'late') === $due);
var_dump($raw->call('HLEN', "{Queue:$name}:index"));
$t = $q->reserve($name, 5);
var_dump(array_column($t, 'id'), $t[0]['payload']);
?>
--EXPECT--
bool(true)
int(2)
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
string(2) "pa"
