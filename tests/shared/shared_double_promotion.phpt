--TEST--
RedisLock::lock() promotion by two readers: the second promoter gets false at once and keeps its shared hold
--DESCRIPTION--
RedisLock::lock() promotion by two readers: the second promoter gets false at
once (well under its 30 s timeout) and keeps its shared hold; the first gets the
lock exclusively once the second unlocks, woken by that unlock (processes)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$second = new RedisLock(rl_dsn());
var_dump($second->lockShared($name, 0, 30));
$monitor = rl_monitor();

$first = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $ok = $lock->lockShared($name, 0, 30);
    sem_tell($raw, $ready, $ok ? 'shared' : 'busy');
    $ok = $lock->lock($name, l4_bound(30));
    sem_tell($raw, $report, $ok ? 'promoted' : 'failed');
    if (!$ok) {
        return 10;
    }
    $fence = $lock->fencingToken($name);
    return is_int($fence) && $lock->unlock($name) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
/* The first promotion is waiting now. */
sh_settle($raw, $name, 1);
usleep(150000);
var_dump($raw->call('LLEN', $report));

[$e, $got, $took] = sem_timed(fn () => $second->lock($name, 30));
echo 'second promotion: ', sem_exc($e), ', ', json_encode($got), ', without waiting out its 30 s: ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump($second->isLocking($name), sh_count($raw, $name));
var_dump($raw->call('LLEN', $report));

var_dump($second->unlock($name));
[$what, $at] = sem_report($raw, $report, 30);
var_dump($what);
echo implode(',', l4_wait([$first], l4_bound(30))), "\n";
/* Woken by the unlock, not at the end of a wait round: MONITOR shows the unlock's
 * script push onto the list the first promotion blocked on (the server's order,
 * which a late wake-up on a loaded machine does not change). */
echo 'promoted, woken by the unlock: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump($raw->call('EXISTS', l4_key($name)));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
string(6) "shared"
int(0)
second promotion: no exception, false, without waiting out its 30 s: yes
bool(true)
int(2)
int(0)
bool(true)
string(8) "promoted"
0
promoted, woken by the unlock: yes
int(0)
