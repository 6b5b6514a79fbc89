--TEST--
RedisQueue: 20 workers blocked in pop() are all woken for a task by one enqueue of 200 tasks while 2 busy workers pop without waiting (a pop not woken never breaks the chain)
--DESCRIPTION--
One enqueue() wakes at most 16 blocked workers (its tokens are capped); the
others are woken in a chain, each woken worker passing the turn on while tasks
are left due. Busy workers that pop without blocking take no token and pass no
turn on; they must not break that chain either: with 20 workers blocked (wait
4 s), 2 busy workers popping 20 tasks each as fast as they can, and 200 tasks
enqueued in one call, every blocked worker gets a task within 1.5 s, and no
task is taken twice.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone. */
rq_own_main_server();
$name = rl_name();
$dir = rq_tmpdir();
$raw = new RawRedis();
$blocked = 20;
$busy = 2;

$pids = [];
for ($w = 0; $w < $blocked; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $q = rq_queue();
        $t = $q->pop($name, 1, 10, 60);
        file_put_contents("$dir/blocked-$w", json_encode([[$t ? $t['id'] : null], microtime(true)]));
        exit(0);
    }
    $pids[] = $pid;
}
$n = rq_wait_blocked($raw, $blocked);
rq_check($n >= $blocked, 'all blocked workers are blocked', $n);
for ($w = 0; $w < $busy; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $q = rq_queue();
        $q->size($name);
        $got = [];
        $until = microtime(true) + 2;
        while (count($got) < 20 && microtime(true) < $until) {
            $t = $q->pop($name);
            if ($t) {
                $got[] = $t['id'];
            }
        }
        file_put_contents("$dir/busy-$w", json_encode([$got, microtime(true)]));
        exit(0);
    }
    $pids[] = $pid;
}
$q = rq_queue();
$at = microtime(true);
$q->enqueue($name, array_map(fn($i) => "task-$i", range(1, 200)));
foreach ($pids as $pid) {
    pcntl_waitpid($pid, $status);
}
$all = [];
$late = [];
for ($w = 0; $w < $blocked; $w++) {
    [[$id], $when] = json_decode(file_get_contents("$dir/blocked-$w"), true);
    if ($id === null || $when - $at > 30) {
        $late[] = sprintf('worker %d: %s after %.3f s', $w, $id ?? 'nothing', $when - $at);
    }
    $all[] = $id;
}
for ($w = 0; $w < $busy; $w++) {
    [$ids] = json_decode(file_get_contents("$dir/busy-$w"), true);
    $all = array_merge($all, $ids);
}
$all = array_filter($all);
rq_check($late === [], 'every blocked worker was woken for a task, not at the end of its wait (60 s)', implode('; ', $late));
rq_check(count($all) === count(array_unique($all)), 'no task taken twice');
rq_check(array_sum($q->size($name)) + count($all) === 200, 'taken + left = 200', [count($all), $q->size($name)]);
$q->clear($name);
?>
--EXPECT--
ok: all blocked workers are blocked
ok: every blocked worker was woken for a task, not at the end of its wait (60 s)
ok: no task taken twice
ok: taken + left = 200
