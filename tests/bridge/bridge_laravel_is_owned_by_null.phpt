--TEST--
Laravel bridge: Lock::isOwnedBy(null) is true exactly while nobody holds the lock
--DESCRIPTION--
Laravel bridge: Lock::isOwnedBy(null) is true exactly while nobody holds the
lock, as Laravel's base Lock answers it; isOwnedBy($owner) is true for the
holder's owner from any lock object of the name, false for another
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$locks = new LockProvider(new RedisLock(rl_dsn()), 'owned-by');
$holder = $locks->lock($name, 10);
$other = $locks->lock($name, 10);
var_dump($holder->isOwnedBy(null), $other->isOwnedBy(null));
var_dump($holder->get());
var_dump($holder->isOwnedBy(null), $other->isOwnedBy(null));
var_dump($other->isOwnedBy($holder->owner()), $other->isOwnedBy('someone-else'), $other->isOwnedBy(''));
var_dump($locks->restoreLock($name, 'other_owner')->isOwnedBy($holder->owner()));
var_dump($holder->release());
var_dump($other->isOwnedBy(null), $other->isOwnedBy($holder->owner()));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
