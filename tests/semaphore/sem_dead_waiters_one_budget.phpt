--TEST--
RedisSemaphore: a script drops at most 500 dead waiters in all, however many live waiters it admits between runs of dead ones; the live ones are admitted in order over the next calls
--DESCRIPTION--
On a server of the test's own, a semaphore of limit 5 is full, and its queue holds
5 live waiters (alive marks of this release's shape and of the previous one's),
each followed by 600 dead places (no alive mark), as killed waiters leave them.
The release admits the first live waiter, then meets the dead: MONITOR shows how
many dead ids each script removed, at most 500 in all (an admission used to look
past 500 more after each live waiter: 3,000 in one script). Later acquisitions
by a newcomer go on dropping them, never get in ahead of a live waiter, and
the 5 live waiters are promised their permits in their order.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$sem = new RedisSemaphore($server->options());
$name = rl_name();
$key = sem_key($name);
$queue = sem_queue_key($name);
$held = $sem->acquire($name, 5, 0, 60, 5);
var_dump(is_string($held));
$live = [];
$score = 1;
for ($w = 0; $w < 5; $w++) {
    $id = sprintf('%08x', 0x10000000 + $w) . str_repeat('e', 24);
    $live[] = $id;
    $raw->call('ZADD', $queue, (string) $score++, $id);
    /* Alive marks: this release writes "0<permits>:<limit>", the previous one "<permits>:<limit>". */
    $raw->call('SET', "{{$key}}:w:a:$id", $w % 2 ? '1:5' : '01:5', 'PX', '120000');
    $args = ['ZADD', $queue];
    for ($i = 0; $i < 600; $i++) {
        array_push($args, (string) $score++, sprintf('%032x', $w * 1000 + $i));
    }
    $raw->call(...$args);
}
$monitor = $server->monitor();
var_dump($sem->release($name, $held));
$newcomer = [];
for ($i = 0; $i < 20 && count($raw->call('ZRANGE', $key, '0', '-1')) < 5; $i++) {
    $newcomer[] = $sem->acquire($name, 5, 0, 60);
}
$seen = rl_monitor_read($monitor, 0.0);
fclose($monitor);
$runs = [];
$run = null;
foreach (ho_commands($seen) as $c) {
    if ($c['client'] !== 'lua') {
        if ($run !== null) {
            $runs[] = $run;
        }
        $run = null;
        continue;
    }
    $run ??= 0;
    if ($c['args'][0] === 'ZREM' && ($c['args'][1] ?? '') === $queue && preg_match('/^0{24}/', $c['args'][2] ?? '')) {
        $run++;
    }
}
if ($run !== null) {
    $runs[] = $run;
}
echo 'dead waiters dropped before the last live one: ', array_sum($runs) >= 2400 ? 'yes' : 'no (' . array_sum($runs) . ')', "\n";
echo 'a script dropped at most 500: ', max($runs) <= 500 ? 'yes' : 'no (' . max($runs) . ')', "\n";
echo 'the newcomer never got in: ', in_array(true, array_map('is_string', $newcomer), true) ? 'no' : 'yes', "\n";
$promised = $raw->call('ZRANGE', $key, '0', '-1');
sort($promised);
echo 'promised: ', implode(',', array_map(fn ($m) => substr($m, 0, 10), $promised)), "\n";
echo 'held: ', $sem->count($name), "\n";
$order = [];
foreach (ho_commands($seen) as $c) {
    if ($c['client'] === 'lua' && $c['args'][0] === 'ZADD' && ($c['args'][1] ?? '') === $key) {
        $order[] = substr(end($c['args']), 2, 8);
    }
}
echo 'in order: ', implode(',', array_unique($order)), "\n";
?>
--EXPECT--
bool(true)
bool(true)
dead waiters dropped before the last live one: yes
a script dropped at most 500: yes
the newcomer never got in: yes
promised: 1:10000000,1:10000001,1:10000002,1:10000003,1:10000004
held: 5
in order: 10000000,10000001,10000002,10000003,10000004
