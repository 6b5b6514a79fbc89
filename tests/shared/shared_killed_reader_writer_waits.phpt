--TEST--
RedisLock::lockShared(): a reader killed with SIGKILL while a writer waits: the writer gets the lock not before the dead reader's deadline, woken by it
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";

$victim = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $before = microtime(true);
    $ok = $lock->lockShared($name, 0, 1);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $ok ? 'shared' : 'busy', $before));
    sleep(30);
    return 10;
});
[$state, $before] = sem_report($raw, $ready);
var_dump($state);
$deadline = $before + 1.0;
$end = max(sem_zset($raw, l4_key($name)) ?: [0]) / 1000;   // the share's deadline, on the server's clock
$monitor = rl_monitor();

$writer = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $ok = $lock->lock($name, l4_bound(30), 15);
    sem_tell($raw, $report, $ok ? 'locked' : 'busy');
    return $ok && $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
sh_settle($raw, $name, 1);
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";

[$state, $acquired] = sem_report($raw, $report, 30);
var_dump($state);
echo 'not before the deadline: ', sem_yes($acquired >= $deadline - 0.01, $acquired - $deadline), "\n";
echo implode(',', l4_wait([$writer], l4_bound(30))), "\n";
/* Not a wait round (2 s) past the deadline: every BLPOP the writer sent asked the server to
 * give it back by the killed holder's deadline (and the 50 ms the server's timeout is
 * given beyond the client's), as MONITOR shows: what it asked, on the server's clock,
 * which a late wake-up on a loaded machine does not change. */
$late = array_filter(l4_blpops(rl_monitor_read($monitor), '{' . l4_key($name) . '}:'), fn ($b) => $b['ends'] > $end + 0.06);
fclose($monitor);
echo 'blocked until the deadline: ', sem_yes($end > 0 && !$late, [$end, $late]), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
string(6) "shared"
string(6) "writer"
-1
string(6) "locked"
not before the deadline: yes
0
blocked until the deadline: yes
int(0)
