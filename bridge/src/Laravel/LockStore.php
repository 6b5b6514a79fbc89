<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\LockProvider as LockProviderContract;
use Illuminate\Contracts\Cache\Store;

/**
 * A Laravel cache store whose locks are redislock's: wrap it in a
 * Illuminate\Cache\Repository (CacheManager::repository()) and Cache::lock(),
 * Cache::restoreLock(), ShouldBeUnique jobs and the scheduler's
 * withoutOverlapping() use the extension, while every other cache operation goes
 * to $inner, the store that caches the data (the application's redis store,
 * usually).
 *
 * The scheduler: Laravel 8's CacheEventMutex does not ask for a lock but calls
 * add(), has() and forget() on the mutex's cache key ("framework/schedule-<sha1>").
 * This store turns those three calls, on keys that start with one of
 * $mutexPrefixes, into a lock: add() acquires it for the given seconds (false
 * when it is held), get() answers true while anyone holds it (null otherwise, so
 * has() is right), forget() force-releases it. Later Laravel versions see that the
 * store is a LockProvider and ask for locks directly. onOneServer()'s
 * CacheSchedulingMutex keys start with the same prefix and become locks too,
 * which simply run out after their hour.
 *
 * Leases: lock() on a name that starts with one of $releasedByHolderPrefixes
 * (the WithoutOverlapping job middleware's "laravel-queue-overlap:", whose
 * handle() releases the lock it took in the same worker) gives
 * LockProvider::lockReleasedByHolder(), which is held under the watchdog's lease
 * when the provider has leases. The scheduler's event mutex decides per event
 * (Scheduling\EventMutex).
 *
 * Laravel 13's Cache::flushLocks() and cache:clear --locks (CanFlushLocks, see
 * FlushesLocks): flushLocks() removes this store's locks, under its prefix, and
 * nothing else (LockProvider::flushLocks()). Cache::funnel() is the store's
 * Repository's (see Repository).
 */
class LockStore implements Store, LockProviderContract, FlushesLocks
{
    /** @var \Illuminate\Contracts\Cache\Store */
    protected $inner;

    /** @var \RedisLock\Bridge\Laravel\LockProvider */
    protected $locks;

    /** @var string[] */
    protected $mutexPrefixes;

    /** @var string[] */
    protected $releasedByHolderPrefixes;

    /** The WithoutOverlapping job middleware's key prefix. */
    public const QUEUE_OVERLAP_PREFIX = 'laravel-queue-overlap:';

    /**
     * @param  string[]|null  $mutexPrefixes  cache keys handled as locks; null: the scheduler's
     * @param  string[]|null  $releasedByHolderPrefixes  names of locks the acquiring process
     *         always releases itself; null: the WithoutOverlapping middleware's
     */
    public function __construct(Store $inner, LockProvider $locks, ?array $mutexPrefixes = null,
        ?array $releasedByHolderPrefixes = null)
    {
        $this->inner = $inner;
        $this->locks = $locks;
        $this->mutexPrefixes = $mutexPrefixes ?? ['framework' . DIRECTORY_SEPARATOR . 'schedule-'];
        $this->releasedByHolderPrefixes = $releasedByHolderPrefixes ?? [self::QUEUE_OVERLAP_PREFIX];
    }

    /**
     * A lock; one whose name says the acquiring process releases it (see
     * $releasedByHolderPrefixes) is LockProvider::lockReleasedByHolder().
     */
    public function lock($name, $seconds = 0, $owner = null)
    {
        if ($owner === null && self::startsWithOne($name, $this->releasedByHolderPrefixes)) {
            return $this->locks->lockReleasedByHolder($name, $seconds);
        }

        return $this->locks->lock($name, $seconds, $owner);
    }

    public function restoreLock($name, $owner)
    {
        return $this->locks->restoreLock($name, $owner);
    }

    public function getLockProvider(): LockProvider
    {
        return $this->locks;
    }

    public function getInnerStore(): Store
    {
        return $this->inner;
    }

    /** The name of the connection the locks use (Laravel's lock_connection). */
    public function getLockConnectionName(): ?string
    {
        return $this->locks->getConnectionName();
    }

    protected function isMutexKey($key): bool
    {
        return self::startsWithOne($key, $this->mutexPrefixes);
    }

    /** @param  string[]  $prefixes */
    private static function startsWithOne($key, array $prefixes): bool
    {
        foreach ($prefixes as $prefix) {
            if (is_string($key) && strncmp($key, $prefix, strlen($prefix)) === 0) {
                return true;
            }
        }

        return false;
    }

    /** Store the item if the key is free; a scheduler mutex key: acquire its lock. */
    public function add($key, $value, $seconds)
    {
        if ($this->isMutexKey($key)) {
            return $this->locks->lock($key, $seconds)->acquire();
        }
        if (method_exists($this->inner, 'add')) {
            return $this->inner->add($key, $value, $seconds);
        }
        if ($this->inner->get($key) === null) {
            return $this->inner->put($key, $value, $seconds);
        }

        return false;
    }

    public function get($key)
    {
        if ($this->isMutexKey($key)) {
            return $this->locks->lock($key)->isLocked() ? true : null;
        }

        return $this->inner->get($key);
    }

    public function many(array $keys)
    {
        $values = [];
        foreach ($keys as $key) {
            if ($this->isMutexKey($key)) {
                $values[$key] = $this->get($key);
            }
        }
        $rest = array_values(array_filter($keys, fn ($key) => !$this->isMutexKey($key)));

        return $values + ($rest ? $this->inner->many($rest) : []);
    }

    public function put($key, $value, $seconds)
    {
        return $this->inner->put($key, $value, $seconds);
    }

    public function putMany(array $values, $seconds)
    {
        return $this->inner->putMany($values, $seconds);
    }

    public function increment($key, $value = 1)
    {
        return $this->inner->increment($key, $value);
    }

    public function decrement($key, $value = 1)
    {
        return $this->inner->decrement($key, $value);
    }

    public function forever($key, $value)
    {
        return $this->inner->forever($key, $value);
    }

    /**
     * Give a cached item a new lifetime (Laravel 13's Store::touch()): the inner
     * store's touch() where it has one, else the value read and written again
     * (not atomic). A scheduler mutex key is a lock held under a token this store
     * did not keep, so it cannot be extended here: false.
     */
    public function touch($key, $seconds)
    {
        if ($this->isMutexKey($key)) {
            return false;
        }
        if (method_exists($this->inner, 'touch')) {
            return $this->inner->touch($key, $seconds);
        }
        $value = $this->inner->get($key);

        return $value === null ? false : (bool) $this->inner->put($key, $value, $seconds);
    }

    /** Remove the item; a scheduler mutex key: force-release its lock. */
    public function forget($key)
    {
        if ($this->isMutexKey($key)) {
            $this->locks->lock($key)->forceRelease();

            return true;
        }

        return $this->inner->forget($key);
    }

    /** Flush the inner store. Locks are not cache items and stay. */
    public function flush()
    {
        return $this->inner->flush();
    }

    /**
     * Remove this store's locks (those under its prefix, whoever holds them),
     * never another store's, nor any cached item (see LockProvider::flushLocks()).
     */
    public function flushLocks(): bool
    {
        return $this->locks->flushLocks();
    }

    /** The locks never live among the cached items: flushing one never touches the other. */
    public function hasSeparateLockStore(): bool
    {
        return true;
    }

    public function getPrefix()
    {
        return $this->inner->getPrefix();
    }

    /** Anything else the inner store offers. */
    public function __call($method, $parameters)
    {
        return $this->inner->$method(...$parameters);
    }
}
