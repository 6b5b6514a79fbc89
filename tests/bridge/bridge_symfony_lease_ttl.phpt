--TEST--
Symfony lease: on a \RedisLock with the watchdog, a Lock keeps symfony's ttl semantics (isExpired(), refresh(), getRemainingLifetime(), auto-release in the destructor), a second Lock of the resource in the same process is refused, a lost lease is reported, and a Key holding a lease refuses to be serialized
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Exception\UnserializableKeyException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$factory = new LockFactory(new RedisLockStore(new RedisLock(rl_options(['watchdog' => ['lease' => 0.5]]))));

echo "-- ttl\n";
$name = rl_name();
$lock = $factory->createLock($name, 1.0);
var_dump($lock->acquire(), $lock->getRemainingLifetime() <= 1.0);
usleep(1200000);
var_dump($lock->isExpired());
$lock->refresh(5.0);
var_dump($lock->isExpired(), $lock->isAcquired(), $lock->getRemainingLifetime() > 4.0);
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
$key = new Key(rl_name());
$lock = $factory->createLockFromKey($key, 30.0);
$lock->acquire();
try {
    serialize($key);
} catch (UnserializableKeyException $e) {
    echo "UnserializableKeyException\n";
}
$lock->release();
var_dump(unserialize(serialize($key)) instanceof Key);
?>
--EXPECT--
-- ttl
bool(true)
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
UnserializableKeyException
bool(true)
