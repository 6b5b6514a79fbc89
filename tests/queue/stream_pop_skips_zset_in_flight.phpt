--TEST--
RedisQueue stream layout: pop() does not hand out an id whose run reserved by a zset-layout worker is still in flight (as reserve() does not); it pops it once that run ends
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue();                                      // the stream layout
$old = rq_queue(['queue_layout' => 'zset']);          // a worker of the zset layout
$q->enqueue($name, 'warm');
$t = $q->reserve($name);
$q->ack($name, $t['id'], $t['receipt']);
rq_check($raw->call('TYPE', "{Queue:$name}:stream") === 'stream', 'the queue is on the stream layout');

$old->enqueue($name, 'X', payload: 'run-1');
$r = $old->reserve($name, 1, 30);
var_dump($r['id']);
var_dump($old->enqueue($name, 'X', payload: 'run-2'));   // again, while its run is in flight
var_dump($q->reserve($name));
var_dump($q->pop($name));
var_dump($old->ack($name, 'X', $r['receipt']));
$p = $q->pop($name);
var_dump($p['id'], $p['payload'] ?? null);
var_dump($q->pop($name));
?>
--EXPECT--
ok: the queue is on the stream layout
string(1) "X"
bool(true)
bool(false)
bool(false)
bool(true)
string(1) "X"
string(5) "run-2"
bool(false)
