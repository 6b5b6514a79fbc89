--TEST--
RedisQueue stream layout: three workers blocked in reserve() are woken in the order they blocked, one task each, by a blocking XREADGROUP (no polling: a handful of reads while they wait 1 s)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: its blocked clients and command counts are the test's alone. */
$srv = new FaultServer();
$raw = $srv->raw();
$q = new RedisQueue($srv->options());
$dsn = 'redis://127.0.0.1:' . $srv->port;
$name = rl_name();

/** How many clients are blocked on the test's server, once it is $want (at most 30 s). */
function blocked(RawRedis $raw, int $want): int
{
    $deadline = microtime(true) + 30;
    do {
        preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
        if ((int) $m[1] === $want) {
            break;
        }
        usleep(10000);
    } while (microtime(true) < $deadline);
    return (int) $m[1];
}
$q->migrate($name);                      // onto the stream layout
$q->enqueue($name, 'setup');
$q->ack($name, 'setup', $q->reserve($name)['receipt']);
$before = rq_cmd_calls($raw, 'xreadgroup');
$workers = [];
foreach ([1, 2, 3] as $w) {
    [$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export($dsn, true) . ');'
        . 'echo "ready\n"; $t = $q->reserve(' . var_export($name, true) . ', 1, 30, 60);'
        . 'echo $t ? $t["id"] : "nothing", "\n";');
    rq_read_line($out, 30);
    rq_check(blocked($raw, $w) === $w, "worker $w is blocked before the next one starts");
    $workers[$w] = [$proc, $out];
}
usleep(1000000);                          // a second of waiting, in which polling would read
$reads = rq_cmd_calls($raw, 'xreadgroup') - $before;
rq_check($reads <= 9, 'no polling while blocked', $reads);
foreach (['t1', 't2', 't3'] as $i => $id) {
    $q->enqueue($name, $id);
    blocked($raw, 2 - $i);                // one woken before the next task
}
foreach ($workers as $w => [$proc, $out]) {
    echo "worker $w: ", rq_read_line($out, 60), "\n";
    fclose($out);
    proc_close($proc);
}
?>
--EXPECT--
ok: worker 1 is blocked before the next one starts
ok: worker 2 is blocked before the next one starts
ok: worker 3 is blocked before the next one starts
ok: no polling while blocked
worker 1: t1
worker 2: t2
worker 3: t3
