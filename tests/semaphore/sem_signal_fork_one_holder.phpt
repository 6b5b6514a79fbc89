--TEST--
RedisSemaphore: a child forked by a signal handler during acquire()'s wait ends that call with false; its parent alone returns holding the permit
--DESCRIPTION--
Limit 1, held by the test. A worker waits in acquire(timeout: 15); its SIGUSR1
handler forks. Once the child exists, the test releases: the permit is handed
to the waiter (one waiter id, shared by parent and child). Before, the child
went on with the wait and both returned the same token, two processes
believing they held a limit-1 semaphore. Now the child ends the call with
false and touches nothing of the wait; the parent returns holding it, and the
server has one holder.
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$report = "$name:report";
$marker = rl_env('REDISLOCK_TEST_TMP') . '/sem-fork-' . getmypid();
@unlink($marker);
$sem = sem_new();
$t = $sem->acquire($name, 1, 0, 30);
$worker = pcntl_fork();
if ($worker === 0) {
    $role = 'parent';
    pcntl_async_signals(true);
    pcntl_signal(SIGUSR1, function () use (&$role, $marker) {
        if (pcntl_fork() === 0) {
            $role = 'child';
            touch($marker);
        }
    });
    $s = sem_new();
    $got = $s->acquire($name, 1, 15, 30);
    $r = new RawRedis();
    $r->call('RPUSH', $report, $role . ' ' . ($got === false ? 'false' : 'token ' . var_export($s->holds($name, $got), true)));
    if ($got !== false) {
        $r->call('BLPOP', "$name:go", '20');
        $s->release($name, $got);
    }
    pcntl_exec('/bin/true');
}
var_dump(sem_until_queued($raw, $name, 1, 10));
l4_signal($worker, 'USR1');
$until = microtime(true) + 10;
while (!is_file($marker) && microtime(true) < $until) {
    usleep(10000);
}
echo is_file($marker) ? "forked\n" : "no fork\n";
var_dump($sem->release($name, $t));
$reports = [];
while (count($reports) < 2 && ($r = $raw->call('BLPOP', $report, '20'))) {
    $reports[] = $r[1];
}
sort($reports);
echo implode("\n", $reports), "\n";
echo 'held on the server: ', $sem->count($name), "\n";
$raw->call('RPUSH', "$name:go", '1');
pcntl_waitpid($worker, $st);
@unlink($marker);
$raw->call('DEL', $report, "$name:go");
?>
--EXPECT--
bool(true)
forked
bool(true)
child false
parent token true
held on the server: 1
