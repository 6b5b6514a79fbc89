<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony;

require_once __DIR__ . '/RedisLockStoreTest.php';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\PersistingStoreInterface;

/**
 * The same suite against a RedisLockStore whose \RedisLock has the watchdog (lease
 * 0.3 s): every Key's hold is a lease, renewed up to the Key's ttl.
 */
final class RedisLockStoreLeasedTest extends RedisLockStoreTest
{
    public function getStore(): PersistingStoreInterface
    {
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn() . '?watchdog=1&watchdog_lease=0.3'));
    }
}
