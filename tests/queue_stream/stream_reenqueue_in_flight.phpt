--TEST--
RedisQueue stream layout: an id enqueued again while in flight is not handed to a second worker (reserve or pop) during the run; it runs once after the ack, with the payload it was enqueued with
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$other = rq_queue();
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'X', payload: 'run-1');
$t = $q->reserve($name);
rq_check($raw->call('TYPE', "{Queue:$name}:stream") === 'stream', 'the queue is on the stream layout');
var_dump($q->enqueue($name, 'X', payload: 'run-2'));
var_dump($other->reserve($name, 1, 30, 0.3));
var_dump($other->pop($name));                          // nor to pop()
var_dump($q->ack($name, 'X', $t['receipt']));
$u = $other->reserve($name, 1, 30, 1);
var_dump($u['id'], $u['payload'], $u['attempts']);
var_dump($other->ack($name, 'X', $u['receipt']));
var_dump($other->reserve($name, 1, 30, 0.3));
?>
--EXPECT--
ok: the queue is on the stream layout
bool(true)
bool(false)
bool(false)
bool(true)
string(1) "X"
string(5) "run-2"
int(1)
bool(true)
bool(false)
