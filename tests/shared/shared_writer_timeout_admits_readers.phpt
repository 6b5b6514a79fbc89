--TEST--
RedisLock::lockShared(): a reader queued behind a writer is admitted as soon as that writer's timeout runs out
--DESCRIPTION--
RedisLock::lockShared(): a reader queued behind a writer that waits for the
current readers is admitted as soon as that writer's timeout (1 s) runs out:
the writer's leaving wakes it (MONITOR shows its script push onto the list the
reader blocked on), and the writer leaves nothing queued (processes)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$reader = new RedisLock(rl_dsn());
var_dump($reader->lockShared($name, 0, 30));
$monitor = rl_monitor();

/* The late reader starts first, connected, and asks once the writer is queued (seen
 * on the server), so that it queues behind the writer long before the writer's 1 s. */
$late = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'reader');
    ho_until_queued($raw, $name, 1, 30);
    $ok = $lock->lockShared($name, l4_bound(30), 15);
    sem_tell($raw, $report, $ok ? 'reader-in' : 'reader-busy');
    return $ok && $lock->unlock($name) ? 0 : 11;
});
sem_report($raw, $ready);
$writer = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $ok = $lock->lock($name, 1, 15);
    sem_tell($raw, $report, $ok ? 'writer-locked' : 'writer-gave-up');
    return $ok ? 10 : 0;
});
[, $writerStart] = sem_report($raw, $ready);
$got = [];
for ($i = 0; $i < 2; $i++) {
    [$what, $at] = sem_report($raw, $report, 30);
    $got[$what] = $at;
}
ksort($got);
echo implode(', ', array_keys($got)), "\n";
$gaveUp = $got['writer-gave-up'] ?? 99e9;
$in = $got['reader-in'] ?? 99e9;
echo 'the reader did not get in before the writer gave up: ', sem_yes($in >= $writerStart + 0.95, $in - $writerStart), "\n";
echo implode(',', l4_wait([$writer, $late], l4_bound(30))), "\n";
/* Woken by the writer's leaving, not at the end of a wait round: MONITOR shows its
 * script push onto the list the reader blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
echo 'the reader was woken by the writer giving up: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump(ho_queued($raw, $name));
var_dump($reader->unlock($name), $raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
reader-in, writer-gave-up
the reader did not get in before the writer gave up: yes
0,0
the reader was woken by the writer giving up: yes
int(0)
bool(true)
int(0)
