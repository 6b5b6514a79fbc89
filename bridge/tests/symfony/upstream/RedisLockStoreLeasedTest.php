<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony;

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\Tests\Store\AbstractStoreTestCase;
use Symfony\Component\Lock\Tests\Store\BlockingStoreTestTrait;
use Symfony\Component\Lock\Tests\Store\ExpiringStoreTestTrait;
use Symfony\Component\Lock\Tests\Store\SharedLockStoreTestTrait;

/**
 * The same contract against a RedisLockStore whose \RedisLock has the watchdog
 * (lease 0.3 s): every Key's hold is a lease, renewed up to the Key's ttl.
 */
final class RedisLockStoreLeasedTest extends AbstractStoreTestCase
{
    use BlockingStoreTestTrait;
    use ExpiringStoreTestTrait;
    use SharedLockStoreTestTrait;

    /** As symfony's AbstractRedisStoreTestCase: 250 ms (declared int from symfony 6 on). */
    protected function getClockDelay(): int
    {
        return 250000;
    }

    public function getStore(): PersistingStoreInterface
    {
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn() . "?watchdog=1&watchdog_lease=0.3"));
    }
}
