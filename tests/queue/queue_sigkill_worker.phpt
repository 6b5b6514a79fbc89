--TEST--
RedisQueue: a worker SIGKILLed while holding a reservation (visibility 0.5 s) loses nothing: a reserve() waiting 30 s gets the same task once the visibility runs out, not at the end of its wait
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$q->enqueue($name, ['precious-1', 'precious-2']);

// A separate php process reserves one task, says so, and hangs.
$code = '$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
    . '$t = $q->reserve(' . var_export($name, true) . ', 1, 0.5);'
    . 'echo $t ? $t["id"] : "nothing", "\n";'
    . 'sleep(30);';
[$proc, $out] = rq_spawn_php($code);
$line = rq_read_line($out, 30);
var_dump($line);
$pid = proc_get_status($proc)['pid'];
$killedAt = microtime(true);
exec('kill -9 ' . (int) $pid, $o, $rc);
var_dump($rc);
$deadline = microtime(true) + 5;
while (($st = proc_get_status($proc))['running'] && microtime(true) < $deadline) {
    usleep(10000);
}
var_dump($st['running'], $st['signaled'], $st['termsig']);
fclose($out);
proc_close($proc);

var_dump($q->size($name));
// The other task is handed out at once; the killed worker's one after its visibility.
var_dump($q->reserve($name, 1, 30, 30)['id']);
[$t, $took] = rq_timed(fn() => $q->reserve($name, 1, 30, 30));
var_dump($t['id'] ?? $t);
$since = microtime(true) - $killedAt;
/* The upper bound only catches a wait that ran to its end. */
rq_check($since >= 0.3 && $took < 15, 'redelivered when the 0.5 s visibility ran out', sprintf('%.3f s after the kill, waited %.3f s', $since, $took));
var_dump($q->ack($name, 'precious-1'), $q->ack($name, 'precious-2'));
var_dump($q->size($name));
?>
--EXPECT--
string(10) "precious-1"
int(0)
bool(false)
bool(true)
int(9)
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(1)
  ["dead"]=>
  int(0)
}
string(10) "precious-2"
string(10) "precious-1"
ok: redelivered when the 0.5 s visibility ran out
bool(true)
bool(true)
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
