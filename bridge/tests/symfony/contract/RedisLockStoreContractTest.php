<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Tests\Symfony\Contract;

use PHPUnit\Framework\TestCase;
use RedisLock\Bridge\Symfony\RedisLockStore;
use RedisLock\Bridge\Symfony\RedisSemaphoreStore;
use Symfony\Component\Lock\Exception\LockConflictedException;
use Symfony\Component\Lock\Exception\LockExpiredException;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;
use Symfony\Component\Semaphore\Exception\SemaphoreAcquiringException;
use Symfony\Component\Semaphore\Key as SemaphoreKey;
use Symfony\Component\Semaphore\SemaphoreFactory;

/**
 * Our own contract tests of RedisLockStore and RedisSemaphoreStore, run against the
 * symfony/lock and symfony/semaphore that are installed (5.4, 6.4 or 7.4): the
 * store interfaces, the Lock and Semaphore classes of that version on top of them,
 * expiry, refresh, blocking, shared locks and Keys carried to another store. They
 * stand in for symfony's own test traits where Debian serves no source of the
 * installed version, and run beside them where it does.
 */
final class RedisLockStoreContractTest extends TestCase
{
    private static string $run;
    private static int $n = 0;

    public static function setUpBeforeClass(): void
    {
        self::$run = 'symfony-contract:' . getmypid() . ':' . bin2hex(random_bytes(4)) . ':';
    }

    private function resource(): string
    {
        return self::$run . (++self::$n);
    }

    private function store(): RedisLockStore
    {
        return new RedisLockStore(new \RedisLock(redislock_symfony_test_dsn()));
    }

    public function testTheStoreImplementsEveryStoreInterfaceOfTheInstalledVersion(): void
    {
        $store = $this->store();
        foreach (['PersistingStoreInterface', 'BlockingStoreInterface', 'SharedLockStoreInterface', 'BlockingSharedLockStoreInterface'] as $interface) {
            $class = 'Symfony\\Component\\Lock\\' . $interface;
            if (interface_exists($class)) {
                $this->assertInstanceOf($class, $store);
            }
        }
        $this->assertInstanceOf(\Symfony\Component\Semaphore\PersistingStoreInterface::class,
            new RedisSemaphoreStore(new \RedisSemaphore(redislock_symfony_test_dsn())));
    }

    public function testOneKeyHoldsTheResourceAndAnotherIsRefusedUntilItIsDeleted(): void
    {
        $store = $this->store();
        $resource = $this->resource();
        $first = new Key($resource);
        $second = new Key($resource);

        $this->assertFalse($store->exists($first));
        $store->save($first);
        $this->assertTrue($store->exists($first));
        $this->assertFalse($store->exists($second));
        try {
            $store->save($second);
            $this->fail('a second Key of a held resource was saved');
        } catch (LockConflictedException $e) {
        }
        $this->assertTrue($store->exists($first));
        $store->delete($first);
        $this->assertFalse($store->exists($first));
        $store->save($second);
        $this->assertTrue($store->exists($second));
        $store->delete($second);
    }

    public function testALockOfTheInstalledVersionAcquiresRefreshesAndReleases(): void
    {
        $locks = new LockFactory($this->store());
        $resource = $this->resource();
        $lock = $locks->createLock($resource, 5.0);

        $this->assertTrue($lock->acquire());
        $this->assertTrue($lock->isAcquired());
        $this->assertLessThanOrEqual(5.0, $lock->getRemainingLifetime());
        $this->assertGreaterThan(4.0, $lock->getRemainingLifetime());
        $this->assertFalse($locks->createLock($resource)->acquire());
        $lock->refresh(20.0);
        $this->assertGreaterThan(19.0, $lock->getRemainingLifetime());
        $lock->release();
        $this->assertFalse($lock->isAcquired());
        $other = $locks->createLock($resource, 5.0);
        $this->assertTrue($other->acquire());
        $other->release();
    }

    public function testAHoldRunsOutAfterItsTtlAndTheResourceIsFreeAgain(): void
    {
        $store = $this->store();
        $resource = $this->resource();
        $key = new Key($resource);

        $store->save($key);
        $store->putOffExpiration($key, 0.3);
        $this->assertTrue($store->exists($key));
        usleep(500000);
        $this->assertFalse($store->exists($key));
        $this->assertTrue($key->isExpired());
        try {
            $store->putOffExpiration($key, 10.0);
            $this->fail('an expired hold was extended');
        } catch (LockConflictedException|LockExpiredException $e) {
        }
        $other = new Key($resource);
        $store->save($other);
        $this->assertTrue($store->exists($other));
        $store->delete($other);
    }

    public function testABlockingAcquireWaitsForTheHolderInAnotherProcess(): void
    {
        $resource = $this->resource();
        $ready = tempnam(sys_get_temp_dir(), 'redislock-contract');
        $pid = pcntl_fork();
        if ($pid === 0) {
            $store = $this->store();
            $key = new Key($resource);
            $store->save($key);
            file_put_contents($ready, 'held');
            usleep(400000);
            $store->delete($key);
            posix_kill(getmypid(), SIGKILL);   // no PHPUnit shutdown in the child
        }
        for ($i = 0; $i < 500 && file_get_contents($ready) !== 'held'; $i++) {
            usleep(10000);
        }
        unlink($ready);
        $lock = (new LockFactory($this->store()))->createLock($resource, 10.0);
        $start = microtime(true);
        $this->assertTrue($lock->acquire(true));
        $waited = microtime(true) - $start;
        pcntl_waitpid($pid, $status);
        $this->assertGreaterThan(0.2, $waited);
        $this->assertLessThan(5.0, $waited);
        $lock->release();
    }

    public function testReadersShareAWriterIsKeptOutAndALoneReaderIsPromoted(): void
    {
        $locks = new LockFactory($this->store());
        $resource = $this->resource();
        $reader1 = $locks->createLock($resource, 10.0);
        $reader2 = $locks->createLock($resource, 10.0);
        $writer = $locks->createLock($resource, 10.0);

        $this->assertTrue($reader1->acquireRead());
        $this->assertTrue($reader2->acquireRead());
        $this->assertFalse($writer->acquire());
        $reader2->release();
        $this->assertTrue($reader1->acquire());   // promoted: alone now
        $this->assertFalse($locks->createLock($resource, 10.0)->acquireRead());
        $reader1->release();
        $this->assertTrue($writer->acquire());
        $writer->release();
    }

    public function testASerializedKeyIsReleasedThroughAnotherStore(): void
    {
        $resource = $this->resource();
        $key = new Key($resource);
        $this->store()->save($key);

        $carried = unserialize(serialize($key));
        $elsewhere = $this->store();
        $this->assertTrue($elsewhere->exists($carried));
        $elsewhere->delete($carried);
        $this->assertFalse($elsewhere->exists(new Key($resource)));
        $fresh = new Key($resource);
        $elsewhere->save($fresh);
        $elsewhere->delete($fresh);
    }

    public function testASemaphoreOfTheInstalledVersionGrantsAtMostItsLimit(): void
    {
        $store = new RedisSemaphoreStore(new \RedisSemaphore(['host' => '127.0.0.1',
            'port' => (int) getenv('REDISLOCK_TEST_PORT'), 'prefix' => self::$run]));
        $semaphores = new SemaphoreFactory($store);
        $resource = 'sem' . (++self::$n);

        $a = $semaphores->createSemaphore($resource, 2, 1, 10.0);
        $b = $semaphores->createSemaphore($resource, 2, 1, 10.0);
        $c = $semaphores->createSemaphore($resource, 2, 1, 10.0);
        $this->assertTrue($a->acquire());
        $this->assertTrue($b->acquire());
        $this->assertFalse($c->acquire());
        $a->refresh(20.0);
        $this->assertTrue($a->isAcquired());
        $a->release();
        $this->assertTrue($c->acquire());
        $b->release();
        $c->release();

        // A Key's weight counts as that many permits.
        $heavy = new SemaphoreKey($resource, 3, 2);
        $store->save($heavy, 10.0);
        $this->assertTrue($store->exists($heavy));
        $light = new SemaphoreKey($resource, 3, 2);
        try {
            $store->save($light, 10.0);
            $this->fail('permits above the limit were granted');
        } catch (SemaphoreAcquiringException $e) {
        }
        $store->delete($heavy);
        $this->assertFalse($store->exists($heavy));
        $store->save($light, 10.0);
        $store->delete($light);
    }
}
