--TEST--
RedisQueue stream layout: a worker SIGKILLed holding a reservation loses nothing: after the queue's visibility (0.5 s) a waiting reserve() gets the task, its payload kept, counted as attempt 2
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$q->enqueue($name, 'precious', payload: 'body');
[$proc, $out, $t] = rq_reserve_in_child(rl_dsn(), $name, '1, 0.5');
var_dump($t['id'], $t['attempts']);
rq_check(str_contains($t['receipt'], '/'), 'a stream receipt');
$killedAt = microtime(true);
var_dump(rq_kill($proc, $out));
var_dump($q->reserve($name, 1, 0.5));               // not before the visibility
[$u, $took] = rq_timed(fn() => $q->reserve($name, 1, 0.5, 3));
$since = microtime(true) - $killedAt;
var_dump($u['id'], $u['payload'], $u['attempts']);
rq_check($since >= 0.4 && $since < 2.0, 'redelivered once the 0.5 s visibility ran out', sprintf('%.3f s after the kill', $since));
var_dump($q->ack($name, 'precious', $u['receipt']));
var_dump($q->reserve($name, 1, 0.5, 0.8));
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
ok: redelivered once the 0.5 s visibility ran out
bool(true)
bool(false)
