--TEST--
RedisSemaphore::synchronized(): with every permit held, it waits up to $timeout and runs $fn as soon as a permit is released in another process, holding that permit while $fn runs
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$report = "$name:report";
$monitor = rl_monitor();
$holder = l4_fork(function () use ($name, $ready, $report) {
    $raw = new RawRedis();
    $sem = sem_new();
    $a = $sem->acquire($name, 2, 0, 30);
    $b = $sem->acquire($name, 2, 0, 30);
    sem_tell($raw, $ready, $a !== false && $b !== false ? 'full' : 'busy');
    /* It releases one once the other waits (queued, seen on the server), and the
     * other once the test is done with the callback. */
    sem_until_queued($raw, $name, 1, 30);
    sem_tell($raw, $report, 'releasing');
    $ok = $sem->release($name, $a);
    l4_until(fn () => $raw->call('LLEN', "$name:go") > 0, 30);
    return $ok && $sem->release($name, $b) ? 0 : 11;
});
var_dump(sem_report($raw, $ready)[0]);
$sem = sem_new();
$observer = sem_new();
[$e, $got, $took] = sem_timed(fn () => $sem->synchronized($name, 2, function () use ($observer, $name) {
    return [microtime(true), $observer->count($name)];
}, l4_bound(30)));
echo 'ran: ', sem_exc($e), "\n";
[$ran, $inside] = $got ?? [0, -1];
[, $releasing] = sem_report($raw, $report, 30);
$raw->call('RPUSH', "$name:go", '1');
/* Woken by the release, not at the end of a wait round: MONITOR shows its script push onto
 * the list the waiter blocked on (the server's order, which a late wake-up on a
 * loaded machine does not change). */
echo 'after the release, woken by it: ', sem_yes($ran >= $releasing && l4_wakeups(rl_monitor_read($monitor), $name) >= 1, $ran - $releasing), "\n";
fclose($monitor);
var_dump($inside);
echo implode(',', l4_wait([$holder], l4_bound(30))), "\n";
var_dump($observer->count($name));
$raw->call('DEL', $ready, $report, "$name:go");
?>
--EXPECT--
string(4) "full"
ran: no exception
after the release, woken by it: yes
int(2)
0
int(0)
