--TEST--
RedisSemaphore::acquire(): a waiter in another process is woken by release() and holds its permit long before its timeout
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$sem = sem_new();
$t = $sem->acquire($name, 1, 0, 30);
var_dump(is_string($t));
$monitor = rl_monitor();
$pid = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    sem_tell($raw, $ready, 'waiter');
    $t = $sem->acquire($name, 1, l4_bound(30), 15);
    sem_tell($raw, $report, $t !== false ? 'acquired' : 'timeout');
    return $t !== false && $sem->release($name, $t) ? 0 : 11;
});
sem_report($raw, $ready);
sem_until_queued($raw, $name, 1, 30);
var_dump($raw->call('LLEN', $report));
var_dump($sem->release($name, $t));
[$what, $at] = sem_report($raw, $report, 30);
var_dump($what);
echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
/* Woken by the release, not at the end of a wait round: MONITOR shows its script push onto
 * the list the waiter blocked on (the server's order, which a late wake-up on a
 * loaded machine does not change). */
echo 'woken by the release: ', sem_yes(l4_wakeups(rl_monitor_read($monitor), $name) >= 1), "\n";
fclose($monitor);
var_dump($sem->count($name), sem_queued($raw, $name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
int(0)
bool(true)
string(8) "acquired"
0
woken by the release: yes
int(0)
int(0)
