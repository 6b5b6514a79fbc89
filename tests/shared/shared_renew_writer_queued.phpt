--TEST--
RedisLock::lockShared(): a reader renewing its own share while a writer is queued gets true at once
--DESCRIPTION--
RedisLock::lockShared(): a reader renewing its own shared hold while a writer is
queued behind it gets true at once (a renewal is not a new arrival that queues),
and the writer still gets the lock once the reader unlocks
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$reader = new RedisLock(rl_dsn());
/* 30 s: it does not lapse before the renewal however long a loaded machine takes
 * to start and queue the writer; the renewal gives it 20 s, which shows it applied. */
var_dump($reader->lockShared($name, 0, 30));
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
sem_report($raw, $ready);
ho_until_queued($raw, $name, 1, 30);
[$e, $got, $took] = sem_timed(fn () => $reader->lockShared($name, 0, 20));
echo 'renewal: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
$ttl = $reader->ttl($name);
echo 'new lifetime: ', sem_yes($ttl !== null && $ttl > 10 && $ttl <= 20, $ttl), "\n";
/* The reader still holds, and the writer waits. */
var_dump($reader->isLocking($name), $raw->call('LLEN', $report));
var_dump($reader->unlock($name));
[$what, $at] = sem_report($raw, $report, 30);
var_dump($what);
echo implode(',', l4_wait([$writer], l4_bound(30))), "\n";
/* Woken by the unlock, not at the end of a wait round: MONITOR shows the unlock's
 * script push onto the list the writer blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
echo 'the writer was woken by the unlock: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
renewal: no exception, true, without waiting: yes
new lifetime: yes
bool(true)
int(0)
bool(true)
string(6) "locked"
0
the writer was woken by the unlock: yes
