--TEST--
RedisQueue: 2 * 10^4 tasks with random microsecond due times: every score top() returns dequeues its task (all 20000 true), leaving the queue empty
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
/* 2 * 10^4 draws of a due time: each round trip of a score is a case of its own, and
 * more of them show nothing more (10^5 took 49 s on a loaded machine). */
$n = 20000;
mt_srand(20240601);

// One call per id, each with its own random delay below one second, so the due
// times differ in their last (microsecond) digits: 16 significant digits.
$started = microtime(true);
for ($i = 0; $i < $n; $i++) {
    $q->enqueue($name, "task-$i", 10, mt_rand() / mt_getrandmax());
}
// Wait until all are due (the last one at most 1 s after it was enqueued).
$deadline = microtime(true) + 5;
while (($size = $q->size($name))['due'] < $n && microtime(true) < $deadline) {
    usleep(100000);
}
var_dump($size);

$tasks = $q->top($name, $n);
var_dump(count($tasks));
$ids = array_column($tasks, 'id');
var_dump(count(array_unique($ids)));
$distinct = count(array_unique(array_map(fn($t) => sprintf('%.17g', $t['score']), $tasks)));
rq_check($distinct > $n / 2, 'most due times are distinct', $distinct);

$ok = 0;
$failed = [];
foreach ($tasks as $t) {
    if ($q->dequeue($name, $t['id'], $t['score'])) {
        $ok++;
    } elseif (count($failed) < 5) {
        $failed[] = $t;
    }
}
var_dump($ok);
if ($failed) {
    echo "first failures:\n";
    foreach ($failed as $t) {
        printf("  %s %.17g\n", $t['id'], $t['score']);
    }
}
var_dump($q->size($name));
var_dump($q->top($name));
/* Only a hang: 10 s on a loaded machine. */
rq_check(microtime(true) - $started < 150, 'finished within 150 s', microtime(true) - $started);
?>
--EXPECT--
array(4) {
  ["due"]=>
  int(20000)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(20000)
int(20000)
ok: most due times are distinct
int(20000)
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
bool(false)
ok: finished within 150 s
