--TEST--
RedisLock: a child forked by a signal handler during lock()'s wait ends that call with false; its parent alone returns holding the lock
--DESCRIPTION--
The test holds the lock. A worker waits in lock(timeout: 15); its SIGUSR1
handler forks. Once the child exists, the test unlocks, which hands the lock
to the waiter's token (shared by parent and child). Before, the child went on
with the wait and both returned true, two processes believing they held one
lock. Now the child ends the call with false and touches nothing of the wait;
the parent returns holding it.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$report = "$name:report";
$marker = rl_env('REDISLOCK_TEST_TMP') . '/lock-fork-' . getmypid();
@unlink($marker);
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 30));
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
    $l = new RedisLock(rl_dsn());
    $got = $l->lock($name, 15, 30);
    $r = new RawRedis();
    $r->call('RPUSH', $report, $role . ' ' . var_export($got, true) . ($got ? ' holding ' . var_export($l->isLocking($name), true) : ''));
    if ($got) {
        $r->call('BLPOP', "$name:go", '20');
        $l->unlock($name);
    }
    pcntl_exec('/bin/true');
}
var_dump(l4_until(fn () => ho_queued($raw, $name) === 1, 10));
l4_signal($worker, 'USR1');
$until = microtime(true) + 10;
while (!is_file($marker) && microtime(true) < $until) {
    usleep(10000);
}
echo is_file($marker) ? "forked\n" : "no fork\n";
var_dump($lock->unlock($name));
$reports = [];
while (count($reports) < 2 && ($r = $raw->call('BLPOP', $report, '20'))) {
    $reports[] = $r[1];
}
sort($reports);
echo implode("\n", $reports), "\n";
$raw->call('RPUSH', "$name:go", '1');
pcntl_waitpid($worker, $st);
@unlink($marker);
$raw->call('DEL', $report, "$name:go");
?>
--EXPECT--
bool(true)
bool(true)
forked
bool(true)
child false
parent true holding true
