--TEST--
Symfony bridge: a Redis failure reaches Symfony as its own lock exceptions, with the RedisLockException as previous
--DESCRIPTION--
Symfony bridge: a Redis failure reaches symfony as its own exceptions
(Lock::acquire() LockAcquiringException, exists() LockStorageException,
release() LockReleasingException, each with the RedisLockException as previous);
under Redlock, which has no shared holds, acquireRead() takes the lock
exclusively and fencingToken() is null; bad ttls are refused
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
foreach (['/usr/share/php/Symfony/Component/Lock/autoload.php', __DIR__ . '/../../bridge/autoload.php'] as $file) {
    if (!is_file($file)) {
        exit("$file is missing: install php-symfony-lock (Debian)\n");
    }
    require_once $file;
}

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Exception\InvalidTtlException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\Lock;
use Symfony\Component\Lock\LockFactory;

$show = function (callable $fn): void {
    try {
        var_dump($fn());
    } catch (Throwable $e) {
        $chain = [];
        for (; $e; $e = $e->getPrevious()) {
            $chain[] = get_class($e);
        }
        echo implode(' <- ', $chain), "\n";
    }
};

echo "-- a server that is not there\n";
$dead = new RedisLockStore(new RedisLock(['host' => '127.0.0.1', 'port' => rl_dead_port(), 'connect_timeout' => 1]));
$key = new Key(rl_name());
$show(fn () => (new Lock($key, $dead))->acquire());
$show(fn () => $dead->exists($key));
$key->setState(RedisLockStore::class, '1:' . str_repeat('0', 32));
$show(fn () => $dead->exists($key));
$show(fn () => $dead->putOffExpiration($key, 10));
$show(fn () => (new Lock($key, $dead))->release());

echo "-- Redlock\n";
$name = rl_name();
$factory = new LockFactory($store = new RedisLockStore(new RedisLock(topo_redlock_options())));
$reader = $factory->createLock($name, 30);
$key = new Key($name);
$other = new Lock($key, $store, 30);
var_dump($reader->acquireRead(), $other->acquireRead(), $other->acquire());
$reader->release();
var_dump($other->acquireRead(true), $store->fencingToken($key), $other->isAcquired());
$other->release();
var_dump($other->isAcquired());

echo "-- ttls\n";
foreach ([0.0, -1.0, 2e9] as $ttl) {
    try {
        new RedisLockStore(new RedisLock(rl_dsn()), $ttl);
    } catch (InvalidTtlException $e) {
        echo "InvalidTtlException\n";
    }
}
try {
    new RedisLockStore(new RedisLock(rl_dsn()), 300, -1);
} catch (InvalidArgumentException $e) {
    echo "InvalidArgumentException\n";
}
?>
--EXPECT--
-- a server that is not there
Symfony\Component\Lock\Exception\LockAcquiringException <- Symfony\Component\Lock\Exception\LockAcquiringException <- RedisLockConnectionException
bool(false)
Symfony\Component\Lock\Exception\LockStorageException <- RedisLockConnectionException
Symfony\Component\Lock\Exception\LockStorageException <- RedisLockConnectionException
Symfony\Component\Lock\Exception\LockReleasingException <- RedisLockConnectionException
-- Redlock
bool(true)
bool(false)
bool(false)
bool(true)
NULL
bool(true)
bool(false)
-- ttls
InvalidTtlException
InvalidTtlException
InvalidTtlException
InvalidArgumentException
