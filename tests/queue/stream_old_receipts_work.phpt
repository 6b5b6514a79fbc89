--TEST--
RedisQueue stream layout: a reservation made by a zset-layout worker is still acked, released and touched, and its zset tasks drain onto the stream
--DESCRIPTION--
The zset layout's receipts look like "<32 hex>:<k>"; an object of the stream layout
acks, releases and touches with them, and moves the tasks left in the zset onto
the stream.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$old = rq_queue(['queue_layout' => 'zset']);
$new = rq_queue();
$old->enqueue($name, ['a', 'b', 'c']);
$a = $old->reserve($name);
$b = $old->reserve($name);
var_dump($new->touch($name, 'a', 30, $a['receipt']));
var_dump($new->ack($name, 'a', $a['receipt']));
var_dump($new->release($name, 'b', 0, $b['receipt']));
$got = $new->reserve($name, 5);
sort($got);
var_dump(array_column($got, 'id'));
foreach ($got as $t) {
    rq_check(str_contains($t['receipt'], '/'), "{$t['id']}: a stream receipt");
    var_dump($new->ack($name, $t['id'], $t['receipt']));
}
var_dump($raw->call('ZCARD', "Queue:$name"), $raw->call('XLEN', "{Queue:$name}:stream"));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(1) "b"
  [1]=>
  string(1) "c"
}
ok: b: a stream receipt
bool(true)
ok: c: a stream receipt
bool(true)
int(0)
int(0)
