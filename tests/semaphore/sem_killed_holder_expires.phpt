--TEST--
RedisSemaphore: a holder killed with SIGKILL keeps its 2 permits until its own $expire (1 s); a waiter for them gets in not before that deadline, woken by it
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$sem = sem_new();
$sem->count($name); // connected

$victim = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    $before = microtime(true);
    $t = $sem->acquire($name, 2, 0, 1, 2);
    $raw->call('RPUSH', $ready, sprintf('%s %.6f', $t !== false ? 'held' : 'busy', $before));
    sleep(30);
    return 10;
});
[$state, $before] = sem_report($raw, $ready);
var_dump($state);
$deadline = $before + 1.0;
l4_signal($victim, 'KILL');
echo implode(',', l4_wait([$victim], 5)), "\n";
var_dump($sem->count($name), $sem->acquire($name, 2));

$t = false;
[$e, $t, $took] = sem_timed(fn () => $sem->acquire($name, 2, l4_bound(5), 15, 2));
$at = microtime(true);
echo 'acquired: ', sem_exc($e), ', ', sem_yes(is_string($t)), "\n";
echo 'not before the deadline: ', sem_yes($at >= $deadline - 0.01, $at - $deadline), "\n";
echo 'within 1.5 s of it: ', sem_yes($at - $deadline < l4_bound(1.5), $at - $deadline), "\n";
var_dump($sem->count($name), $sem->release($name, (string) $t));
$raw->call('DEL', $ready);
?>
--EXPECT--
string(4) "held"
-1
int(2)
bool(false)
acquired: no exception, yes
not before the deadline: yes
within 1.5 s of it: yes
int(2)
bool(true)
