--TEST--
RedisQueue pause(): workers blocked in reserve() or pop() on a paused queue are not woken by new tasks, on both layouts; resume() wakes them
--DESCRIPTION--
Two workers in reserve() and one in pop(): no read, no script and still blocked while 20 tasks come, and no new blocking read when a task in flight is released or acked with a run queued behind it; after resume() each gets one of the first three tasks.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: its blocked clients and command counts are the test's alone. */
$srv = new FaultServer();
$raw = $srv->raw();
$dsn = 'redis://127.0.0.1:' . $srv->port;
$q = new RedisQueue($dsn);
/** The reads and scripts of every client of the server so far. */
function reads(RawRedis $raw): array
{
    $out = [];
    foreach (['blpop', 'xreadgroup', 'xread', 'evalsha', 'eval'] as $cmd) {
        $out[$cmd] = rq_cmd_calls($raw, $cmd);
    }
    return $out;
}
foreach (['zset', 'stream'] as $layout) {
    echo "-- $layout\n";
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->enqueue($name, 'setup');
    $q->ack($name, 'setup', $q->reserve($name)['receipt']);
    // Two tasks in flight across the pause: one released, one queued again and acked during it.
    $q->enqueue($name, ['r1', 'r2']);
    $held = array_column($q->reserve($name, 2, 60), 'receipt', 'id');
    $q->pause($name);
    $workers = [];
    foreach (['reserve', 'reserve', 'pop'] as $w => $call) {
        [$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export($dsn, true) . ');'
            . 'echo "ready\n"; $t = $q->' . $call . '(' . var_export($name, true) . ', 1, ' . ($call === 'pop' ? '10' : '30') . ', 60);'
            . 'echo $t ? $t["id"] : "nothing", "\n";');
        rq_read_line($out, 30);
        $workers[$w] = [$proc, $out];
    }
    rq_check(rq_wait_blocked($raw, 3) === 3, 'the three workers are blocked');
    // The producer's own scripts are the enqueues' (one each, loaded already).
    $before = reads($raw);
    for ($i = 0; $i < 20; $i++) {
        $q->enqueue($name, "t$i");
    }
    usleep(300000);
    $after = reads($raw);
    $after['evalsha'] -= 20;
    rq_check($after === $before, 'no worker read or ran a script while 20 tasks came', [$before, $after]);
    $before = reads($raw);
    $q->release($name, 'r1', 0, $held['r1']);
    $q->enqueue($name, 'r2');
    $q->ack($name, 'r2', $held['r2']);
    usleep(300000);
    $after = reads($raw);
    $blocking = fn (array $r): array => [$r['blpop'], $r['xreadgroup'], $r['xread']];
    rq_check($blocking($after) === $blocking($before), 'nor when a task in flight was released, or acked with a run queued behind it', [$before, $after]);
    preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    rq_check((int) $m[1] === 3, 'all three are still blocked', $m[1]);
    rq_check($q->resume($name) === true, 'resume()');
    $got = [];
    foreach ($workers as [$proc, $out]) {
        $got[] = rq_read_line($out, 60);
        fclose($out);
        proc_close($proc);
    }
    sort($got);
    rq_check($got === ['t0', 't1', 't2'], 'each woken worker got one of the first three tasks', $got);
    $q->clear($name);
}
?>
--EXPECT--
-- zset
ok: the three workers are blocked
ok: no worker read or ran a script while 20 tasks came
ok: nor when a task in flight was released, or acked with a run queued behind it
ok: all three are still blocked
ok: resume()
ok: each woken worker got one of the first three tasks
-- stream
ok: the three workers are blocked
ok: no worker read or ran a script while 20 tasks came
ok: nor when a task in flight was released, or acked with a run queued behind it
ok: all three are still blocked
ok: resume()
ok: each woken worker got one of the first three tasks
