--TEST--
RedisLock: a shared hold whose own $expire has passed counts as no hold for everyone
--DESCRIPTION--
RedisLock: a shared hold whose own $expire has passed counts as no hold for
everyone: holdsLock() with its token is false, isLocked() is false,
forceUnlock() finds nothing to remove, and a writer gets the lock at once;
beside a live reader the lapsed member is not held either
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$reader = new RedisLock(rl_options(['auto_release' => false]));
$observer = new RedisLock(rl_dsn());
/* 0.6 s: long enough not to lapse before the two checks that it holds (a loaded
 * machine may take its time between them). */
var_dump($reader->lockShared($name, 0, 0.6));
[$token] = sh_tokens($raw, $name) + [''];
var_dump($observer->holdsLock($name, $token), $observer->isLocked($name));
usleep(750000);
var_dump($observer->holdsLock($name, $token));
var_dump($observer->isLocked($name));
var_dump($observer->forceUnlock($name));
[$e, $got, $took] = sem_timed(fn () => $observer->lock($name, 0, 10));
echo 'a writer: ', sem_exc($e), ', ', json_encode($got), ', without waiting: ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump($observer->unlock($name));

/* The same while another reader keeps the sorted set alive: the lapsed member may
 * still be in it, but it holds nothing. */
$long = new RedisLock(rl_dsn());
var_dump($reader->lockShared($name, 0, 0.2), $long->lockShared($name, 0, 30));
usleep(350000);
$held = array_map(fn ($t) => $observer->holdsLock($name, $t), sh_tokens($raw, $name));
echo 'tokens still in the set that holdsLock() accepts: ', count(array_filter($held)), "\n";
var_dump($observer->isLocked($name));
[$e, $got, $took] = sem_timed(fn () => $long->lock($name, 0));
echo 'the long reader promotes at once: ', sem_exc($e), ', ', json_encode($got), ', ', sem_yes($took < l4_bound(15), $took), "\n";
var_dump($long->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
a writer: no exception, true, without waiting: yes
bool(true)
bool(true)
bool(true)
tokens still in the set that holdsLock() accepts: 1
bool(true)
the long reader promotes at once: no exception, true, yes
bool(true)
