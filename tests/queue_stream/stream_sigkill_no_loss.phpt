--TEST--
RedisQueue stream layout: a worker SIGKILLed holding a reservation loses nothing: once the queue's visibility (2 s) ran out a waiting reserve() gets the task, payload kept, attempt 2
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$raw = new RawRedis();
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'precious', payload: 'body');
/* 2 s: the kill and the check that the task is still held take far less, even on a
 * loaded machine. */
$t0 = rq_server_time($raw);
[$proc, $out, $t] = rq_reserve_in_child(rl_dsn(), $name, '1, 2');
var_dump($t['id'], $t['attempts']);
rq_check(str_contains($t['receipt'], '/'), 'a stream receipt');
$killedAt = microtime(true);
var_dump(rq_kill($proc, $out));
var_dump($q->reserve($name, 1, 2));                 // not before the visibility
[$u, $took] = rq_timed(fn() => $q->reserve($name, 1, 2, 30));
$at = rq_server_time($raw);
$since = microtime(true) - $killedAt;
var_dump($u['id'], $u['payload'], $u['attempts']);
/* Not before the visibility (server clock); the upper bound only catches a wait that ran to its end. */
rq_check($at >= $t0 + 2 && $since < 15, 'redelivered once the 2 s visibility ran out', sprintf('%.3f s after the kill, %.3f s after the reservation began at the latest', $since, $at - $t0));
var_dump($q->ack($name, 'precious', $u['receipt']));
var_dump($q->reserve($name, 1, 2, 0.8));
?>
--EXPECT--
string(8) "precious"
int(1)
ok: a stream receipt
bool(true)
bool(false)
string(8) "precious"
string(4) "body"
int(2)
ok: redelivered once the 2 s visibility ran out
bool(true)
bool(false)
