--TEST--
RedisLock::lock() promoting a shared hold that another reader keeps: false after its $timeout, the shared hold kept
--DESCRIPTION--
RedisLock::lock() promoting a shared hold that another reader keeps: false after
its $timeout, and the shared hold is kept (same token, same deadline); the
waiting promotion leaves no trace (a new reader then gets in at once)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$reader = new RedisLock(rl_dsn());
$late = new RedisLock(rl_dsn());
/* Bounds against waiting for a holder (30 s): half of it, so that a loaded machine's slow call does not cross them. */
var_dump($lock->lockShared($name, 0, 30), $reader->lockShared($name, 0, 30));
$before = sem_zset($raw, l4_key($name));
[$e, $got, $took] = sem_timed(fn () => $lock->lock($name, 0.3));
echo 'promotion: ', sem_exc($e), ', ', json_encode($got), ', after its timeout: ', sem_yes($took >= 0.29 && $took < l4_bound(15), $took), "\n";
var_dump($lock->isLocking($name));
echo 'shares unchanged: ', sem_yes(sem_zset($raw, l4_key($name)) === $before, [$before, sem_zset($raw, l4_key($name))]), "\n";
var_dump(ho_queued($raw, $name));
[$e, $got, $took] = sem_timed(fn () => $late->lockShared($name, 0));
echo 'a new reader: ', sem_exc($e), ', ', json_encode($got), "\n";
/* A promotion with $timeout 0 fails at once too. */
[$e, $got, $took] = sem_timed(fn () => $lock->lock($name, 0));
echo 'promotion with timeout 0: ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump($lock->isLocking($name), sh_count($raw, $name));
var_dump($lock->unlock($name), $reader->unlock($name), $late->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
bool(true)
promotion: no exception, false, after its timeout: yes
bool(true)
shares unchanged: yes
int(0)
a new reader: no exception, true
promotion with timeout 0: false, without waiting: yes
bool(true)
int(3)
bool(true)
bool(true)
bool(true)
int(0)
