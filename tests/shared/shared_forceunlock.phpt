--TEST--
RedisLock::forceUnlock(): removes every shared hold at once and wakes the writer waiting behind them
--DESCRIPTION--
RedisLock::forceUnlock(): removes every shared hold at once and wakes the writer
waiting behind them (MONITOR shows its script push onto the list the writer
blocked on); the readers' unlock() then
returns false; forceUnlock() is false when nothing is held
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$r1 = new RedisLock(rl_dsn());
$r2 = new RedisLock(rl_dsn());
$operator = new RedisLock(rl_dsn());
var_dump($r1->lockShared($name, 0, 60), $r2->lockShared($name, 0, 60));
$monitor = rl_monitor();

$writer = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $ok = $lock->lock($name, l4_bound(30), 15);
    sem_tell($raw, $report, $ok ? 'locked' : 'busy');
    usleep(200000);
    return $ok && $lock->unlock($name) ? 0 : 11;
});
sem_report($raw, $ready);
ho_until_queued($raw, $name, 1, 30);
var_dump($operator->forceUnlock($name));
[$what, $at] = sem_report($raw, $report, 30);
var_dump($what);
/* Woken by forceUnlock(), not at the end of a wait round: MONITOR shows its script push
 * onto the list the writer blocked on (the server's order, which a late wake-up on a
 * loaded machine does not change). */
echo 'woken by forceUnlock(): ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump($r1->isLocking($name), $r2->isLocking($name), $r1->unlock($name), $r2->unlock($name));
echo implode(',', l4_wait([$writer], l4_bound(30))), "\n";
var_dump($operator->forceUnlock($name));

/* Readers alone, nobody waiting. */
var_dump($r1->lockShared($name, 0, 60), $r2->lockShared($name, 0, 60));
var_dump($operator->forceUnlock($name), $raw->call('EXISTS', l4_key($name)), $operator->isLocked($name));
var_dump($operator->forceUnlock($name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(6) "locked"
woken by forceUnlock(): yes
bool(false)
bool(false)
bool(false)
bool(false)
0
bool(false)
bool(true)
bool(true)
bool(true)
int(0)
bool(false)
bool(false)
