--TEST--
Laravel bridge: restoreLock()->refresh() without seconds keeps the hold's expiry and says whether the owner still holds it
--DESCRIPTION--
Laravel bridge: Cache::restoreLock($name, $owner)->refresh() without seconds, in
a later request, keeps the hold's expiry (a 10 s lock stays a 10 s lock, never a
365-day one) and says whether the owner still holds it; refresh($seconds) sets
that lifetime; a lock refreshed without seconds by the object that took it gets
its own lifetime again
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use RedisLock\Bridge\Laravel\LockProvider;

$name = rl_name();
$raw = new RawRedis();
$pttl = fn () => $raw->call('PTTL', l4_key($name));
$locks = new LockProvider(new RedisLock(rl_dsn()));
$lock = $locks->lock($name, 10);
var_dump($lock->get());
$owner = $lock->owner();

/* The next request, in another process: restoreLock() and refresh(). */
$child = rl_run_php('
    require ' . var_export(__DIR__ . '/../../bridge/tests/laravel/app.php', true) . ';
    $locks = new RedisLock\Bridge\Laravel\LockProvider(new RedisLock(rl_dsn()));
    $restored = $locks->restoreLock(' . var_export($name, true) . ', ' . var_export($owner, true) . ');
    var_dump($restored->refresh());
    var_dump($locks->restoreLock(' . var_export($name, true) . ', "someone-else")->refresh());
');
echo $child['stdout'], $child['stderr'];
$ms = $pttl();
var_dump($ms > 8000 && $ms <= 10000);

$restored = $locks->restoreLock($name, $owner);
var_dump($restored->refresh(30));
$ms = $pttl();
var_dump($ms > 29000 && $ms <= 30000);
var_dump($restored->refresh());
$ms = $pttl();
var_dump($ms > 28000 && $ms <= 30000);
var_dump($lock->refresh());
$ms = $pttl();
var_dump($ms > 9000 && $ms <= 10000);
var_dump($restored->release(), $restored->refresh(), $lock->refresh());
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
