--TEST--
RedisQueue stream layout: three workers blocked in reserve() are woken in the order they blocked, one task each, by a blocking XREADGROUP (no polling: a handful of reads while they wait 1 s)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$q->enqueue($name, 'setup');
$q->ack($name, 'setup', $q->reserve($name)['receipt']);
$before = rq_cmd_calls($raw, 'xreadgroup');
$workers = [];
foreach ([1, 2, 3] as $w) {
    [$proc, $out] = rq_spawn_php('$q = new RedisQueue(' . var_export(rl_dsn(), true) . ');'
        . 'echo "ready\n"; $t = $q->reserve(' . var_export($name, true) . ', 1, 30, 5);'
        . 'echo $t ? $t["id"] : "nothing", "\n";');
    rq_read_line($out, 5);
    usleep(300000);                       // blocked before the next one starts
    $workers[$w] = [$proc, $out];
}
usleep(700000);
$reads = rq_cmd_calls($raw, 'xreadgroup') - $before;
rq_check($reads <= 9, 'no polling while blocked', $reads);
foreach (['t1', 't2', 't3'] as $id) {
    $q->enqueue($name, $id);
    usleep(100000);
}
foreach ($workers as $w => [$proc, $out]) {
    echo "worker $w: ", rq_read_line($out, 5), "\n";
    fclose($out);
    proc_close($proc);
}
?>
--EXPECT--
ok: no polling while blocked
worker 1: t1
worker 2: t2
worker 3: t3
