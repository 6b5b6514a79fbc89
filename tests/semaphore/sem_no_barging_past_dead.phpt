--TEST--
RedisSemaphore: a caller that does not wait never takes a free permit ahead of a live waiter queued behind more dead waiters than one script drops (1,200); the live waiter is promised it
--DESCRIPTION--
On a server of the test's own, a semaphore of limit 1 is free, and its queue holds
1,200 dead places (no alive mark) and behind them one live waiter. A script
drops at most 500 dead waiters: when it stops looking, someone may still wait
behind them, so the permit is not given to a caller outside the queue
(acquire() with timeout 0 used to take it, having looked at the head twice and
seen nobody). The newcomer's calls go on dropping the dead until the live
waiter is promised the permit; the newcomer never holds it.
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
for ($b = 0; $b < 3; $b++) {
    $args = ['ZADD', $queue];
    for ($i = 0; $i < 400; $i++) {
        array_push($args, (string) ($b * 400 + $i + 1), sprintf('%032x', $b * 400 + $i));
    }
    $raw->call(...$args);
}
$waiter = str_repeat('ab', 16);
$raw->call('ZADD', $queue, '5000', $waiter);
$raw->call('SET', "{{$key}}:w:a:$waiter", '01:1', 'PX', '120000');
$got = [];
for ($i = 0; $i < 10 && $raw->call('ZSCORE', $key, "1:$waiter") === null; $i++) {
    $got[] = $sem->acquire($name, 1, 0, 60);
}
echo 'the newcomer got in ahead of the live waiter: ', in_array(true, array_map('is_string', $got), true) ? 'yes' : 'no', "\n";
echo 'the live waiter is promised the permit: ', $raw->call('ZSCORE', $key, "1:$waiter") !== null ? 'yes' : 'no', "\n";
echo 'dead waiters left: ', $raw->call('ZCARD', $queue), "\n";
echo 'calls: ', count($got) >= 2 ? 'several' : count($got), "\n";
?>
--EXPECT--
the newcomer got in ahead of the live waiter: no
the live waiter is promised the permit: yes
dead waiters left: 0
calls: several
