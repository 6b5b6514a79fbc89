--TEST--
RedisQueue::pop() by a worker that was not woken from the wake-up list takes its task without LLEN or ZCOUNT: only a woken worker passes the turn on
--DESCRIPTION--
Blocked workers are woken in a chain: each token in the wake-up list wakes one,
and the woken worker passes the turn on while tasks are left due. A pop that
did not come out of a BLPOP took no token, so it leaves that chain as it was and
need not look at the wake-up list: its script runs EXISTS, TIME and ZPOPMIN
only. A worker woken by a token still passes the turn on (the next blocked
worker gets the next task).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone. */
rq_own_main_server();
$name = rl_name();
$raw = new RawRedis();
$q = rq_queue();
$q->pop("$name:warm");
$q->enqueue($name, ['a', 'b', 'c', 'd']);
/* MONITOR shows what this test's connection sent and what the scripts ran on its
 * keys (the server is shared with the tests running beside this one). */
$monitor = rl_monitor();
rq_monitor_take($monitor);
$got = [$q->pop($name), $q->pop($name), $q->pop($name, 1, 10, 2)];
$ran = rq_own_commands(rq_monitor_take($monitor), $name);
fclose($monitor);
rq_check(array_column($got, 'id') === ['a', 'b', 'c'], 'three tasks, in due order', $got);
$llen = rq_count_commands($ran, 'llen') + rq_count_commands($ran, 'llen', 'lua');
$zcount = rq_count_commands($ran, 'zcount') + rq_count_commands($ran, 'zcount', 'lua');
rq_check($llen === 0, 'no LLEN', $llen);
rq_check($zcount === 0, 'no ZCOUNT', $zcount);

// Two workers blocked, two tasks enqueued one at a time behind each other's
// back: the woken ones still get them at once.
$q->clear($name);
$dir = rq_tmpdir();
$pids = [];
for ($w = 0; $w < 2; $w++) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        $wq = rq_queue();
        $t = $wq->pop($name, 1, 10, 60);
        file_put_contents("$dir/worker-$w", json_encode([$t ? $t['id'] : null, microtime(true)]));
        exit(0);
    }
    $pids[] = $pid;
}
$blocked = rq_wait_blocked($raw, 2);
rq_check($blocked >= 2, 'both workers are blocked', $blocked);
$at = microtime(true);
$q->enqueue($name, ['x', 'y']);
foreach ($pids as $pid) {
    pcntl_waitpid($pid, $status);
}
$ids = [];
$late = [];
for ($w = 0; $w < 2; $w++) {
    [$id, $when] = json_decode(file_get_contents("$dir/worker-$w"), true);
    $ids[] = $id;
    if ($id === null || $when - $at > 30) {
        $late[] = sprintf('worker %d: %s after %.3f s', $w, $id ?? 'nothing', $when - $at);
    }
}
sort($ids);
rq_check($ids === ['x', 'y'] && $late === [], 'each worker was woken for one of the tasks, not at the end of its wait (60 s)', [$ids, $late]);
$q->clear($name);
?>
--EXPECT--
ok: three tasks, in due order
ok: no LLEN
ok: no ZCOUNT
ok: both workers are blocked
ok: each worker was woken for one of the tasks, not at the end of its wait (60 s)
