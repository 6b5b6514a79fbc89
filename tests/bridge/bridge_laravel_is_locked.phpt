--TEST--
Laravel bridge: Lock::isLocked() (Laravel 13) is true for every lock object of the name while anyone holds it, not only for the holder's, and false once it is released, expired or force-released
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$locks = new LockProvider(new RedisLock(rl_dsn()), 'is-locked');
$holder = $locks->lock($name, 10);
$other = $locks->lock($name, 10);
$restored = $locks->restoreLock($name, 'other_owner');
var_dump($holder->isLocked(), $other->isLocked());
var_dump($holder->get());
var_dump($holder->isLocked(), $other->isLocked(), $restored->isLocked());
var_dump($holder->release(), $other->isLocked());

$short = $locks->lock($name, 1);
var_dump($short->get(), $other->isLocked());
usleep(1200000);
var_dump($other->isLocked());
var_dump($holder->get(), $other->isLocked());
$other->forceRelease();
var_dump($holder->isLocked());
?>
--EXPECT--
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
