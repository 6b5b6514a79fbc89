--TEST--
RedisQueue: an id enqueued again while reserved goes to a second worker only once the SIGKILLed first one's visibility ran out
--DESCRIPTION--
RedisQueue: an id enqueued again while a worker process has it reserved is not
given to a second worker while the first holds it; when the first is SIGKILLed,
the second gets it once the visibility (0.6 s) runs out, with attempts 2: it
runs again after the current run, never lost, never twice at once
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$producer = rq_queue();
$worker2 = rq_queue();
$producer->enqueue($name, 'X');

[$proc, $out, $first, $reservedAt] = rq_reserve_in_child(rl_dsn(), $name, '1, 0.6');
echo 'worker 1 reserved ', $first['id'] ?? 'nothing', ', attempts ', $first['attempts'] ?? '-', "\n";
var_dump($producer->enqueue($name, 'X'));
var_dump(rq_where($raw, $name, 'X'));
/* While worker 1 lives, worker 2 gets nothing: no second run at once. */
var_dump($worker2->reserve($name, 1, 30), $worker2->pop($name), $worker2->reserve($name, 3, 30));
[$none, $took] = rq_timed(fn () => $worker2->reserve($name, 1, 30, 0.2));
var_dump($none);

var_dump(rq_kill($proc, $out));
[$second, $took] = rq_timed(fn () => $worker2->reserve($name, 1, 30, 30));
$since = microtime(true) - $reservedAt;
echo 'worker 2 reserved ', $second['id'] ?? 'nothing', ', attempts ', $second['attempts'] ?? '-', "\n";
/* The upper bound only catches a wait that ran to its end. */
rq_check($since >= 0.5 && $since < 15, 'not before worker 1\'s visibility ran out, not at the end of the wait', sprintf('%.3f s after worker 1 reserved', $since));
var_dump($worker2->ack($name, 'X', $second['receipt']));
/* The killed run and the second enqueue were one pending run: it is done now. */
var_dump($worker2->reserve($name, 1, 30, 0.3));
var_dump($worker2->size($name));
?>
--EXPECT--
worker 1 reserved X, attempts 1
bool(true)
array(2) {
  [0]=>
  string(6) "queued"
  [1]=>
  string(8) "inflight"
}
bool(false)
bool(false)
array(0) {
}
bool(false)
bool(true)
worker 2 reserved X, attempts 2
ok: not before worker 1's visibility ran out, not at the end of the wait
bool(true)
bool(false)
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
