--TEST--
RedisQueue with watchdog: the heartbeat never extends a reservation that is no longer this worker's
--DESCRIPTION--
RedisQueue with watchdog: a renewal is receipt-checked: once the reservation is
no longer this worker's (released by another object and reserved again), the
heartbeat does not extend the new one, which lapses on time
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$raw = new RawRedis();
$worker = rq_queue(['watchdog' => true]);
$other = rq_queue();
$worker->enqueue($name, 'job');
$mine = $worker->reserve($name, visibility: 0.6);
$other->release($name, 'job');
$t0 = rq_server_time($raw);
$theirs = $other->reserve($name, visibility: 1.0);
rq_check($theirs !== false && $theirs['receipt'] !== $mine['receipt'], 'another reservation of the task');
/* Renewed by the worker's heartbeat, the other reservation would not lapse within the
 * wait of 30 s; lapsed, it comes back not before its 1.0 s (server clock). */
$back = $other->reserve($name, visibility: 5, wait: 30);
$at = rq_server_time($raw);
rq_check($back !== false && $at >= $t0 + 1.0, 'the other reservation lapsed after its own 1.0 s', [$back, $at - $t0]);
var_dump($worker->ack($name, 'job', $mine['receipt']));
?>
--EXPECT--
ok: another reservation of the task
ok: the other reservation lapsed after its own 1.0 s
bool(false)
