--TEST--
RedisQueue: when 20 workers block in pop() with wait 60 and 20 tasks are enqueued in one call, every worker is woken for a task (none waits out its 60 s while tasks are due)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone. */
rq_own_main_server();
$name = rl_name();
$dir = rq_tmpdir();
$raw = new RawRedis();
$workers = 20;

$pids = [];
for ($w = 0; $w < $workers; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $q = rq_queue();
        $t = $q->pop($name, 1, 10, 60);
        file_put_contents("$dir/worker-$w", json_encode([$t ? $t['id'] : null, microtime(true)]));
        exit(0);
    }
    $pids[] = $pid;
}
// Wait until all of them are blocked.
$n = rq_wait_blocked($raw, $workers);
rq_check($n >= $workers, 'all workers are blocked', $n);

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
    if ($id === null || $at - $enqueuedAt > 30) {
        $late[] = sprintf('worker %d: %s after %.3f s', $w, $id ?? 'nothing', $at - $enqueuedAt);
    }
}
rq_check(count(array_unique(array_filter($got))) === $workers, 'each worker got a different task', $got);
rq_check($late === [], 'every worker was woken for its task, not at the end of its wait (60 s)', implode('; ', $late));
var_dump($q->size($name));
?>
--EXPECT--
ok: all workers are blocked
ok: each worker got a different task
ok: every worker was woken for its task, not at the end of its wait (60 s)
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
