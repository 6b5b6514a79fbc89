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
$pid = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    sem_tell($raw, $ready, 'waiter');
    $t = $sem->acquire($name, 1, l4_bound(8), 15);
    sem_tell($raw, $report, $t !== false ? 'acquired' : 'timeout');
    return $t !== false && $sem->release($name, $t) ? 0 : 11;
});
sem_report($raw, $ready);
sem_settle($raw, $name, 1);
usleep(200000);
var_dump($raw->call('LLEN', $report));
$released = microtime(true);
var_dump($sem->release($name, $t));
[$what, $at] = sem_report($raw, $report, 5);
var_dump($what);
echo 'within 1.5 s of the release: ', sem_yes($at - $released < l4_bound(1.5), $at - $released), "\n";
echo implode(',', l4_wait([$pid], l4_bound(5))), "\n";
var_dump($sem->count($name), sem_queued($raw, $name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
bool(true)
int(0)
bool(true)
string(8) "acquired"
within 1.5 s of the release: yes
0
int(0)
int(0)
