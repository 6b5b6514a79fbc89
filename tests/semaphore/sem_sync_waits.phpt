--TEST--
RedisSemaphore::synchronized(): with every permit held, it waits up to $timeout and runs $fn as soon as a permit is released in another process, holding that permit while $fn runs
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$holder = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $a = $sem->acquire($name, 2, 0, 30);
    $b = $sem->acquire($name, 2, 0, 30);
    sem_tell($raw, $ready, $a !== false && $b !== false ? 'full' : 'busy');
    usleep(400000);
    sem_tell($raw, $report, 'releasing');
    $ok = $sem->release($name, $a);
    usleep(500000);
    return $ok && $sem->release($name, $b) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
$sem = sem_new();
$observer = sem_new();
[$e, $got, $took] = sem_timed(fn () => $sem->synchronized($name, 2, function () use ($observer, $name) {
    return [microtime(true), $observer->count($name)];
}, l4_bound(5)));
echo 'ran: ', sem_exc($e), "\n";
[$ran, $inside] = $got ?? [0, -1];
[, $releasing] = sem_report($raw, $report, 1);
echo 'after the release, within 1.5 s: ', sem_yes($ran >= $releasing && $ran - $releasing < l4_bound(1.5), $ran - $releasing), "\n";
var_dump($inside);
echo implode(',', l4_wait([$holder], l4_bound(5))), "\n";
var_dump($observer->count($name));
$raw->call('DEL', $ready, $report);
?>
--EXPECT--
string(4) "full"
ran: no exception
after the release, within 1.5 s: yes
int(2)
0
int(0)
