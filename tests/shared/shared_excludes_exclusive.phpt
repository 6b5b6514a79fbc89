--TEST--
RedisLock::lockShared(): shared and exclusive holds exclude each other both ways, busy being false, never an exception
--DESCRIPTION--
RedisLock::lockShared(): shared and exclusive holds exclude each other both
ways: readers make lock() false (at once with $timeout 0, after its $timeout
otherwise), a writer makes lockShared() false likewise; busy is false, never an
exception
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$r1 = new RedisLock(rl_dsn());
$r2 = new RedisLock(rl_dsn());
$w = new RedisLock(rl_dsn());

/* Readers in: no writer. */
/* Bounds against waiting for a holder (30 s): half of it, so that a loaded machine's slow call does not cross them. */
var_dump($r1->lockShared($name, 0, 30), $r2->lockShared($name, 0, 30));
[$e, $got, $took] = sem_timed(fn () => $w->lock($name));
echo 'lock() with readers in: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
[$e, $got, $took] = sem_timed(fn () => $w->lock($name, 0.3, 5));
echo 'lock() waiting 0.3 s: ', sem_exc($e), ', ', json_encode($got), ', waited its timeout: ', sem_yes($took >= 0.29 && $took < l4_bound(15), $took), "\n";
var_dump($w->isLocking($name), sh_count($raw, $name));
var_dump($r1->unlock($name), $r2->unlock($name));

/* A writer in: no reader. */
var_dump($w->lock($name, 0, 30));
[$e, $got, $took] = sem_timed(fn () => $r1->lockShared($name));
echo 'lockShared() with a writer in: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
[$e, $got, $took] = sem_timed(fn () => $r1->lockShared($name, 0.3, 5));
echo 'lockShared() waiting 0.3 s: ', sem_exc($e), ', ', json_encode($got), ', waited its timeout: ', sem_yes($took >= 0.29 && $took < l4_bound(15), $took), "\n";
var_dump($r1->isLocking($name), $raw->call('TYPE', l4_key($name)));
var_dump($w->isLocking($name), $w->unlock($name));
/* Free again: a reader gets it at once. */
var_dump($r1->lockShared($name), $r1->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
bool(true)
lock() with readers in: no exception, false, without waiting: yes
lock() waiting 0.3 s: no exception, false, waited its timeout: yes
bool(false)
int(2)
bool(true)
bool(true)
bool(true)
lockShared() with a writer in: no exception, false, without waiting: yes
lockShared() waiting 0.3 s: no exception, false, waited its timeout: yes
bool(false)
string(6) "string"
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
