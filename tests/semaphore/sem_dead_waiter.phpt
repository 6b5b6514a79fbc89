--TEST--
RedisSemaphore::acquire(): a queued waiter killed with SIGKILL leaves the queue by itself within a few seconds; the waiter behind it then gets the permits
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$holder = sem_new();
$t = $holder->acquire($name, 1, 0, 30);
$dead = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    sem_tell($raw, $ready, 'dead');
    $sem->acquire($name, 1, 20, 15);
    return 10;
});
sem_report($raw, $ready);
sem_settle($raw, $name, 1);
l4_signal($dead, 'KILL');
$killed = microtime(true);
echo implode(',', l4_wait([$dead], 5)), "\n";
var_dump($holder->release($name, $t));
$waiter = sem_new();
$u = $waiter->acquire($name, 1, l4_bound(9), 15);
$after = microtime(true) - $killed;
var_dump(is_string($u));
echo 'within a few seconds: ', sem_yes($after < l4_bound(8), $after), "\n";
var_dump($waiter->release($name, (string) $u));
/* Nothing of the dead waiter left in the way. */
$v = $holder->acquire($name, 1);
var_dump(is_string($v), $holder->release($name, (string) $v));
$raw->call('DEL', $ready);
?>
--EXPECT--
-1
bool(true)
bool(true)
within a few seconds: yes
bool(true)
bool(true)
bool(true)
