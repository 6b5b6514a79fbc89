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
var_dump($reader->lockShared($name, 0, 2));
$writer = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $ok = $lock->lock($name, l4_bound(6), 15);
    sem_tell($raw, $report, $ok ? 'locked' : 'busy');
    return $ok && $lock->unlock($name) ? 0 : 11;
});
sem_report($raw, $ready);
sh_settle($raw, $name, 1);
[$e, $got, $took] = sem_timed(fn () => $reader->lockShared($name, 0, 20));
echo 'renewal: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(2.0), $took), "\n";
$ttl = $reader->ttl($name);
echo 'new lifetime: ', sem_yes($ttl !== null && $ttl > 19, $ttl), "\n";
/* Past the first lifetime of 2 s the reader still holds, and the writer waits. */
usleep(2200000);
var_dump($reader->isLocking($name), $raw->call('LLEN', $report));
$unlocked = microtime(true);
var_dump($reader->unlock($name));
[$what, $at] = sem_report($raw, $report, 3);
var_dump($what);
echo 'the writer got it within 1.5 s: ', sem_yes($at - $unlocked < l4_bound(1.5), $at - $unlocked), "\n";
echo implode(',', l4_wait([$writer], l4_bound(5))), "\n";
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
the writer got it within 1.5 s: yes
0
