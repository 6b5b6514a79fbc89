--TEST--
Symfony lease: on a \RedisLock with the watchdog, a Lock keeps Symfony's ttl semantics
--DESCRIPTION--
Symfony lease: on a \RedisLock with the watchdog, a Lock keeps symfony's ttl
semantics (isExpired(), refresh(), auto-release), a second Lock of the resource
is refused, a lost lease is reported, and a serialized Key keeps its ttl
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$factory = new LockFactory(new RedisLockStore(new RedisLock(rl_options(['watchdog' => ['lease' => 0.5]]))));

echo "-- ttl\n";
$name = rl_name();
/* A first ttl of 3 s, refreshed well within it (a loaded host may delay the
 * refresh by far less than those 3 s), then waited out from after acquire()
 * returned, which is after the server set the ttl's start. */
$lock = $factory->createLock($name, 3.0);
var_dump($lock->acquire(), $lock->getRemainingLifetime() <= 3.0);
$acquired = microtime(true);
usleep(300000);
$lock->refresh(5.0);
var_dump($lock->isExpired(), $lock->isAcquired(), $lock->getRemainingLifetime() > 4.0);
usleep(max(0, (int) (($acquired + 3.2 - microtime(true)) * 1e6)));   // past the first ttl: the refresh moved the bound
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 500);   // the lease, renewed
echo "-- one hold per resource\n";
$second = $factory->createLock($name, 5.0);
var_dump($second->acquire());

echo "-- auto-release\n";
unset($lock);
var_dump($raw->call('EXISTS', "Lock:$name"), $second->acquire());
$second->release();

echo "-- lost\n";
$name = rl_name();
$lock = $factory->createLock($name, 30.0);
var_dump($lock->acquire());
(new RedisLock(rl_dsn()))->forceUnlock($name);
var_dump($lock->isAcquired());
try {
    $lock->refresh();
} catch (LockConflictedException $e) {
    echo "LockConflictedException\n";
}

echo "-- serialization\n";
$name = rl_name();
$key = new Key($name);
$lock = $factory->createLockFromKey($key, 30.0, false);
$lock->acquire();
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 500);   // a lease
$travelled = serialize($key);
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 29000);   // the Key's lifetime, no longer the lease
$elsewhere = new LockFactory(new RedisLockStore(new RedisLock(rl_dsn())));
$other = $elsewhere->createLockFromKey(unserialize($travelled), 30.0, false);
var_dump($other->isAcquired());
$other->release();
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
-- ttl
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
-- one hold per resource
bool(false)
-- auto-release
int(0)
bool(true)
-- lost
bool(true)
bool(false)
LockConflictedException
-- serialization
bool(true)
bool(true)
bool(true)
int(0)
