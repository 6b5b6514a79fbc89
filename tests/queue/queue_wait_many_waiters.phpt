--TEST--
RedisQueue: when 20 workers block in pop() with wait 4 and 20 tasks are enqueued in one call, every worker gets a task right away (none waits out its 4 s while tasks are due)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$dir = rq_tmpdir();
$raw = new RawRedis();
$workers = 20;

$pids = [];
for ($w = 0; $w < $workers; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $q = rq_queue();
        [$t, $took] = rq_timed(fn() => $q->pop($name, 1, 10, 4));
        file_put_contents("$dir/worker-$w", json_encode([$t ? $t['id'] : null, microtime(true)]));
        exit(0);
    }
    $pids[] = $pid;
}
// Wait until all of them are blocked in BLPOP.
$deadline = microtime(true) + 3;
do {
    usleep(20000);
    preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
} while ((int) $m[1] < $workers && microtime(true) < $deadline);
rq_check((int) $m[1] >= $workers, 'all workers are blocked', $m[1]);

$q = rq_queue();
$enqueuedAt = microtime(true);
$q->enqueue($name, array_map(fn($i) => "task-$i", range(1, $workers)));
foreach ($pids as $pid) {
    pcntl_waitpid($pid, $status);
}
$got = [];
$late = [];
for ($w = 0; $w < $workers; $w++) {
    [$id, $at] = json_decode(file_get_contents("$dir/worker-$w"), true);
    $got[] = $id;
    if ($id === null || $at - $enqueuedAt > 1.5) {
        $late[] = sprintf('worker %d: %s after %.3f s', $w, $id ?? 'nothing', $at - $enqueuedAt);
    }
}
rq_check(count(array_unique(array_filter($got))) === $workers, 'each worker got a different task', $got);
rq_check($late === [], 'every worker got its task within 1.5 s of the enqueue', implode('; ', $late));
var_dump($q->size($name));
?>
--EXPECT--
ok: all workers are blocked
ok: each worker got a different task
ok: every worker got its task within 1.5 s of the enqueue
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
