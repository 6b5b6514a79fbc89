--TEST--
RedisQueue: a worker process blocked in pop() or reserve() on ['a', 'b'] (wait 60) is woken by an enqueue to 'b', not at the end of its wait, and gets that task with 'queue' => 'b'
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* A server of the test's own: its count of blocked clients is the test's alone, so the
 * enqueue below waits until the waiting call is blocked on it. */
rq_own_main_server();
$q = rq_queue();
foreach (['pop', 'reserve'] as $method) {
    $a = rl_name(':a');
    $b = rl_name(':b');
    $code = '$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
        . '$q->size("warm-up");'
        . 'echo "ready\n";'
        . '$t = $q->' . $method . '([' . var_export($a, true) . ', ' . var_export($b, true) . '], 1, 30, 60);'
        . 'echo json_encode([$t, microtime(true)]), "\n";';
    [$proc, $out] = rq_spawn_php($code);
    rq_read_line($out, 30);
    rq_wait_blocked(new RawRedis(), 1);
    $enqueuedAt = microtime(true);
    $q->enqueue($b, "task-$method");
    [$task, $gotAt] = json_decode((string) rq_read_line($out, 60), true) ?? [null, INF];
    fclose($out);
    proc_close($proc);
    echo "$method: ", $task === null ? 'nothing' : ($task['id'] . ' from ' . ($task['queue'] === $b ? 'b' : json_encode($task['queue']))), "\n";
    /* Woken by the enqueue: long before the end of its wait (the upper bound only catches a hang). */
    rq_check($gotAt - $enqueuedAt < 30, "$method: woken by the enqueue, not at the end of its wait", sprintf('%.3f s', $gotAt - $enqueuedAt));
    $q->clear($b);
}
?>
--EXPECT--
pop: task-pop from b
ok: pop: woken by the enqueue, not at the end of its wait
reserve: task-reserve from b
ok: reserve: woken by the enqueue, not at the end of its wait
