<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony\Shipped;

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\PersistingStoreInterface;
use Symfony\Component\Lock\Test\AbstractStoreTestCase;

/**
 * The store test case that Debian's php-symfony-lock ships in its binary package
 * (Symfony\Component\Lock\Test\AbstractStoreTestCase, symfony 7), run against
 * RedisLockStore where the source of the installed version cannot be fetched.
 */
class RedisLockStoreShippedTest extends AbstractStoreTestCase
{
    protected function getStore(): PersistingStoreInterface
    {
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn()));
    }
}
