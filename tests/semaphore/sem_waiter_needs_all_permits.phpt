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
$pid = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    sem_tell($raw, $ready, 'waiter');
    $t = $sem->acquire($name, 2, l4_bound(5), 15, 2);
    sem_tell($raw, $report, $t !== false ? 'acquired' : 'timeout');
    return $t !== false && $sem->release($name, $t) ? 0 : 11;
});
sem_report($raw, $ready);
sem_settle($raw, $name, 1);
var_dump($sem->release($name, $a));
usleep(300000);
echo 'still waiting with 1 free: ', sem_yes($raw->call('LLEN', $report) === 0 && $sem->count($name) === 1), "\n";
$released = microtime(true);
var_dump($sem->release($name, $b));
[$what, $at] = sem_report($raw, $report, 3);
var_dump($what);
echo 'within 1.5 s of the second release: ', sem_yes($at - $released < l4_bound(1.5), $at - $released), "\n";
echo implode(',', l4_wait([$pid], l4_bound(5))), "\n";
var_dump($sem->count($name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
still waiting with 1 free: yes
bool(true)
string(8) "acquired"
within 1.5 s of the second release: yes
0
int(0)
