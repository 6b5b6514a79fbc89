--TEST--
RedisSemaphore::acquire(): a waiter for 2 permits (limit 2) stays queued while only 1 is free, and is admitted once the second holder releases too, woken by that release
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$sem = sem_new();
$a = $sem->acquire($name, 2, 0, 30);
$b = $sem->acquire($name, 2, 0, 30);
$monitor = rl_monitor();
$pid = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    sem_tell($raw, $ready, 'waiter');
    $t = $sem->acquire($name, 2, l4_bound(30), 15, 2);
    sem_tell($raw, $report, $t !== false ? 'acquired' : 'timeout');
    return $t !== false && $sem->release($name, $t) ? 0 : 11;
});
sem_report($raw, $ready);
sem_until_queued($raw, $name, 1, 30);
var_dump($sem->release($name, $a));
usleep(300000);
echo 'still waiting with 1 free: ', sem_yes($raw->call('LLEN', $report) === 0 && $sem->count($name) === 1), "\n";
var_dump($sem->release($name, $b));
[$what, $at] = sem_report($raw, $report, 30);
var_dump($what);
echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
/* Woken by the second release, not at the end of a wait round: MONITOR shows its script push onto
 * the list the waiter blocked on (the server's order, which a late wake-up on a
 * loaded machine does not change). */
echo 'woken by the second release: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump($sem->count($name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
still waiting with 1 free: yes
bool(true)
string(8) "acquired"
0
woken by the second release: yes
int(0)
