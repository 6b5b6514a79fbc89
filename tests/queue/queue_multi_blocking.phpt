--TEST--
RedisQueue: a worker process blocked in pop() or reserve() on ['a', 'b'] (wait 3) is woken by an enqueue to 'b' within about 100 ms, and gets that task with 'queue' => 'b'
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
foreach (['pop', 'reserve'] as $method) {
    $a = rl_name(':a');
    $b = rl_name(':b');
    $code = '$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
        . '$q->size("warm-up");'
        . 'echo "ready\n";'
        . '$t = $q->' . $method . '([' . var_export($a, true) . ', ' . var_export($b, true) . '], 1, 30, 3);'
        . 'echo json_encode([$t, microtime(true)]), "\n";';
    [$proc, $out] = rq_spawn_php($code);
    rq_read_line($out, 5);
    usleep(300000);                 // the worker is blocked by now
    $enqueuedAt = microtime(true);
    $q->enqueue($b, "task-$method");
    [$task, $gotAt] = json_decode((string) rq_read_line($out, 5), true) ?? [null, INF];
    fclose($out);
    proc_close($proc);
    echo "$method: ", $task === null ? 'nothing' : ($task['id'] . ' from ' . ($task['queue'] === $b ? 'b' : json_encode($task['queue']))), "\n";
    rq_check($gotAt - $enqueuedAt < 0.15, "$method: woken within about 100 ms", sprintf('%.3f s', $gotAt - $enqueuedAt));
    $q->clear($b);
}
?>
--EXPECT--
pop: task-pop from b
ok: pop: woken within about 100 ms
reserve: task-reserve from b
ok: reserve: woken within about 100 ms
