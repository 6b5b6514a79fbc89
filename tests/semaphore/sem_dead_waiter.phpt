--TEST--
RedisSemaphore::acquire(): a queued waiter killed with SIGKILL leaves the queue by itself within a few seconds; the waiter behind it then gets the permits
--DESCRIPTION--
The waiter is killed; its alive mark lapses within 2.5 s, and the release after
that gives the permit to the next caller, not to the dead waiter. (A release
while the mark still lives hands the permit to the dead waiter, which holds it
until the lifetime it asked for ends: sem_handoff_dead_waiter_lapses.phpt.)
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
sem_until_queued($raw, $name, 1, 30);
l4_signal($dead, 'KILL');
$killed = microtime(true);
echo implode(',', l4_wait([$dead], 5)), "\n";
$P = '{' . sem_key($name) . '}:w:';
$hex = $raw->call('ZRANGE', sem_queue_key($name), '0', '0')[0] ?? '';
echo 'its alive mark lapses: ', sem_yes(l4_until(fn () => $raw->call('EXISTS', $P . 'a:' . $hex) === 0, l4_bound(30))), "\n";
var_dump($holder->release($name, $t));
echo 'out of the queue, nothing handed to it: ', sem_queued($raw, $name), ' ', $holder->count($name), "\n";
$waiter = sem_new();
$u = $waiter->acquire($name, 1, l4_bound(30), 15);
$after = microtime(true) - $killed;
var_dump(is_string($u));
/* Were the dead waiter's place kept, the 30 s wait would end without the permit:
 * the bound is half of it, far from the 2.5 s a healthy run takes. */
echo 'within a few seconds: ', sem_yes($after < l4_bound(15), $after), "\n";
var_dump($waiter->release($name, (string) $u));
/* Nothing of the dead waiter left in the way. */
$v = $holder->acquire($name, 1);
var_dump(is_string($v), $holder->release($name, (string) $v));
$raw->call('DEL', $ready);
?>
--EXPECT--
-1
its alive mark lapses: yes
bool(true)
out of the queue, nothing handed to it: 0 0
bool(true)
within a few seconds: yes
bool(true)
bool(true)
bool(true)
