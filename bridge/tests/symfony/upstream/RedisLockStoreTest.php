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
 * symfony/lock's own store contract (5.4), run against RedisLockStore: the tests
 * every store passes, expiry, blocking (a forked holder, a parent that waits) and
 * shared locks, as symfony runs them for its RedisStore.
 */
class RedisLockStoreTest extends AbstractStoreTestCase
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
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn()));
    }
}
