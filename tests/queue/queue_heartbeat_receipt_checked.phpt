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
$theirs = $other->reserve($name, visibility: 1.0);
rq_check($theirs !== false && $theirs['receipt'] !== $mine['receipt'], 'another reservation of the task');
$start = microtime(true);
$back = $other->reserve($name, visibility: 5, wait: 3);
$took = microtime(true) - $start;
rq_check($back !== false && $took >= 0.7 && $took <= 1.5, 'the other reservation lapsed after its own 1.0 s', $took);
var_dump($worker->ack($name, 'job', $mine['receipt']));
?>
--EXPECT--
ok: another reservation of the task
ok: the other reservation lapsed after its own 1.0 s
bool(false)
