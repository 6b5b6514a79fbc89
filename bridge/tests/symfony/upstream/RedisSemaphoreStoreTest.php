<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony;

use RedisLock\Bridge\Symfony\RedisSemaphoreStore;
use Symfony\Component\Semaphore\PersistingStoreInterface;
use Symfony\Component\Semaphore\Tests\Store\AbstractStoreTestCase;

/**
 * symfony/semaphore's own store contract (5.4), run against RedisSemaphoreStore.
 */
final class RedisSemaphoreStoreTest extends AbstractStoreTestCase
{
    /**
     * symfony's semaphore tests use fixed resource names (their method names), and
     * testPutOffExpiration() leaves a 20 s acquisition behind: a prefix of this run's
     * own keeps a second run, or a parallel one, from meeting the first one's permits.
     */
    private static string $prefix;

    public static function setUpBeforeClass(): void
    {
        self::$prefix = 'symfony-suite:' . getmypid() . ':' . bin2hex(random_bytes(4)) . ':';
    }

    protected function getStore(): PersistingStoreInterface
    {
        return new RedisSemaphoreStore(new \RedisSemaphore(['host' => '127.0.0.1', 'port' => (int) getenv('REDISLOCK_TEST_PORT'), 'prefix' => self::$prefix]));
    }
}
