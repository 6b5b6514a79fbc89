--TEST--
RedisLock::forceUnlock(): removes every shared hold at once and wakes the writer waiting behind them
--DESCRIPTION--
RedisLock::forceUnlock(): removes every shared hold at once and wakes the writer
waiting behind them (it gets the lock within 500 ms); the readers' unlock() then
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

$writer = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    sem_tell($raw, $ready, 'writer');
    $ok = $lock->lock($name, l4_bound(8), 15);
    sem_tell($raw, $report, $ok ? 'locked' : 'busy');
    usleep(200000);
    return $ok && $lock->unlock($name) ? 0 : 11;
});
sem_report($raw, $ready);
sh_settle($raw, $name, 1);
$forced = microtime(true);
var_dump($operator->forceUnlock($name));
[$what, $at] = sem_report($raw, $report, 5);
var_dump($what);
echo 'woken within 1.5 s: ', sem_yes($at - $forced < l4_bound(1.5), $at - $forced), "\n";
var_dump($r1->isLocking($name), $r2->isLocking($name), $r1->unlock($name), $r2->unlock($name));
echo implode(',', l4_wait([$writer], l4_bound(5))), "\n";
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
woken within 1.5 s: yes
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
