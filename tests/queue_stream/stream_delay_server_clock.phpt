--TEST--
RedisQueue stream layout: a task enqueued with a 0.4 s delay is picked up by a waiting reserve() once it falls due by the server's clock (not before), with a few blocking reads, no polling
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: its command counts are the test's alone. */
$srv = new FaultServer();
$raw = $srv->raw();
$q = new RedisQueue($srv->options());
$name = rl_name();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'first');
$q->ack($name, 'first', $q->reserve($name)['receipt']);     // the queue is on the stream layout
$q->enqueue($name, 'later', 10, 0.4);
$due = (float) $raw->call('ZSCORE', "Queue:$name", 'later');
$before = rq_cmd_calls($raw, 'xreadgroup');
$t = $q->reserve($name, 1, 30, 10);
$at = rq_server_time($raw);
var_dump($t['id']);
rq_check($raw->call('TYPE', "{Queue:$name}:stream") === 'stream', 'the queue is on the stream layout');
rq_check($at >= $due, 'taken when due by the server clock, not before', $at - $due);
$reads = rq_cmd_calls($raw, 'xreadgroup') - $before;
rq_check($reads <= 5, 'a few reads, no polling', $reads);
?>
--EXPECT--
string(5) "later"
ok: the queue is on the stream layout
ok: taken when due by the server clock, not before
ok: a few reads, no polling
