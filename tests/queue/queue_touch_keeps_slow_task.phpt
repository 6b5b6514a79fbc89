--TEST--
RedisQueue: a worker that keeps touch()ing its reservation keeps the task from a second worker long past the visibility
--DESCRIPTION--
RedisQueue: a slow worker process that touch()es its reservation (visibility 1.0
s, touched every 0.3 s for 2.4 s) keeps the task from a second worker blocked in
reserve() long past the original visibility; its ack() with the receipt then
succeeds and the task never runs twice
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'slow');
$code = '$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
    . '$n = ' . var_export($name, true) . ';'
    . '$t = $q->reserve($n, 1, 1.0);'
    . 'echo json_encode($t), "\n";'
    . '$touched = [];'
    . 'for ($i = 0; $i < 8; $i++) { usleep(300000); $touched[] = $q->touch($n, "slow", 1.0, $t["receipt"]); }'
    . 'echo json_encode([$touched, $q->ack($n, "slow", $t["receipt"])]), "\n";';
[$proc, $out] = rq_spawn_php($code);
/* Visibility 1.0 s, a touch every 0.3 s for 2.4 s: the work outlasts the visibility
 * twice over, and a touch that comes 0.7 s late still keeps it. */
$first = json_decode((string) rq_read_line($out, 30), true);
echo 'worker 1 reserved ', $first['id'] ?? 'nothing', "\n";
[$second, $took] = rq_timed(fn () => $q->reserve($name, 1, 30, 2.2));
[$touched, $acked] = json_decode((string) rq_read_line($out, 30), true) ?? [[], null];
fclose($out);
proc_close($proc);
echo 'touches: ', implode(' ', array_map('json_encode', $touched)), "\n";
var_dump($acked);
var_dump($second);
rq_check($took > 2.0, 'the second worker waited out its whole wait', $took);
var_dump($q->size($name));
?>
--EXPECT--
worker 1 reserved slow
touches: true true true true true true true true
bool(true)
bool(false)
ok: the second worker waited out its whole wait
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
