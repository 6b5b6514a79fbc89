<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony\Shipped;

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\Test\AbstractStoreTestCase;

/**
 * The shipped store test case against a RedisLockStore whose \RedisLock has the
 * watchdog (lease 0.3 s): every Key's hold is a lease, renewed up to the Key's ttl.
 */
final class RedisLockStoreLeasedShippedTest extends AbstractStoreTestCase
{
    protected function getStore(): PersistingStoreInterface
    {
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn() . "?watchdog=1&watchdog_lease=0.3"));
    }
}
