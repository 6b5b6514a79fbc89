<?php

declare(strict_types=1);

namespace RedisLock\Bridge\Symfony;

use Symfony\Component\Semaphore\Exception\InvalidArgumentException;
use Symfony\Component\Semaphore\Exception\SemaphoreAcquiringException;
use Symfony\Component\Semaphore\Exception\SemaphoreExpiredException;
use Symfony\Component\Semaphore\Exception\SemaphoreReleasingException;
use Symfony\Component\Semaphore\Key;
use Symfony\Component\Semaphore\PersistingStoreInterface;

/**
 * A symfony/semaphore store on the redislock extension's RedisSemaphore.
 *
 *     $factory = new SemaphoreFactory(new RedisSemaphoreStore(new \RedisSemaphore('redis://127.0.0.1:6379')));
 *     $semaphore = $factory->createSemaphore('payment-api', limit: 4);
 *
 * A Key's weight is the number of permits it takes out of its limit. Each
 * acquisition has its own token (kept in the Key's state under this class's name)
 * and its own lifetime, measured on the Redis server's clock: a crashed holder's
 * permits come back when its own ttl ends. Acquisitions are first come, first
 * served: a request for several permits is never overtaken by later smaller ones,
 * and save() does not get in ahead of a waiter of another client.
 */
final class RedisSemaphoreStore implements PersistingStoreInterface
{
    /** The largest lifetime the extension accepts: 1e9 s. */
    private const FOREVER = \RedisSemaphore::MAX_SECONDS;

    /**
     * The reason symfony's own RedisStore gives when putOffExpiration() finds the
     * acquisition gone. Kept word for word: symfony's store test suite, the contract
     * of a semaphore store, asserts this message.
     */
    private const EXPIRED = 'the script returns a positive number';

    private \RedisSemaphore $semaphore;

    public function __construct(\RedisSemaphore $semaphore)
    {
        $this->semaphore = $semaphore;
    }

    public function save(Key $key, float $ttlInSecond): void
    {
        $ttl = $this->ttl($ttlInSecond);
        $name = (string) $key;
        $token = $this->token($key);
        if ($token !== null && $this->semaphore->extend($name, $token, $ttl)) {
            // Already held: a new lifetime.
            return;
        }
        $key->removeState(self::class);
        $token = $this->semaphore->acquire($name, $key->getLimit(), 0, $ttl, $key->getWeight());
        if ($token === false) {
            throw new SemaphoreAcquiringException($key, 'the permits are not free');
        }
        $key->setState(self::class, $token);
    }

    public function putOffExpiration(Key $key, float $ttlInSecond): void
    {
        $ttl = $this->ttl($ttlInSecond);
        $token = $this->token($key);
        if ($token === null || !$this->semaphore->extend((string) $key, $token, $ttl)) {
            $key->removeState(self::class);
            throw new SemaphoreExpiredException($key, self::EXPIRED);
        }
    }

    public function delete(Key $key): void
    {
        $token = $this->token($key);
        if ($token === null) {
            return;
        }
        try {
            $this->semaphore->release((string) $key, $token);
        } catch (\RedisLockException $e) {
            throw new SemaphoreReleasingException($key, $e->getMessage());
        }
        $key->removeState(self::class);
    }

    public function exists(Key $key): bool
    {
        $token = $this->token($key);

        return $token !== null && $this->semaphore->holds((string) $key, $token);
    }

    private function token(Key $key): ?string
    {
        return $key->hasState(self::class) ? $key->getState(self::class) : null;
    }

    private function ttl(float $ttlInSecond): float
    {
        if (!($ttlInSecond > 0) || $ttlInSecond > self::FOREVER) {
            throw new InvalidArgumentException("The TTL should be greater than 0 and at most 1e9, '$ttlInSecond' given.");
        }

        return $ttlInSecond;
    }
}
