<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Contracts\Cache\LockProvider as LockProviderContract;

/**
 * Laravel's LockProvider on the redislock extension: Cache::lock() and
 * Cache::restoreLock() give RedisLock\Bridge\Laravel\Lock instances.
 *
 *   $locks = new LockProvider(new \RedisLock('redis://127.0.0.1:6379'));
 *   $lock = $locks->lock('report', 10);
 *   $lock->block(5, fn () => buildReport());
 *
 * The \RedisLock's own key prefix (option "prefix", "Lock:" by default) comes
 * first in Redis; $prefix is put before every name on top of it, as a Laravel
 * cache store's prefix is.
 */
class LockProvider implements LockProviderContract
{
    /** The lifetime, in seconds, of a lock asked for with $seconds = 0 (365 days). */
    public const FOREVER_SECONDS = 31536000.0;

    /** @var \RedisLock */
    protected $redis;

    /** @var string */
    protected $prefix;

    /** @var string|null */
    protected $connectionName;

    /** @var float */
    protected $foreverSeconds;

    /**
     * @param  string|null  $connectionName  reported by Lock::getConnectionName()
     * @param  float  $foreverSeconds  the lifetime for $seconds = 0 (at most 1e9)
     */
    public function __construct(\RedisLock $redis, string $prefix = '', ?string $connectionName = null,
        float $foreverSeconds = self::FOREVER_SECONDS)
    {
        if (!($foreverSeconds > 0 && $foreverSeconds <= 1e9)) {
            throw new \ValueError('$foreverSeconds must be greater than 0 and at most 1e9');
        }
        $this->redis = $redis;
        $this->prefix = $prefix;
        $this->connectionName = $connectionName;
        $this->foreverSeconds = $foreverSeconds;
    }

    /**
     * Get a lock instance. $seconds = 0: no expiry in Laravel, here the long
     * finite lifetime $foreverSeconds. $owner: see Lock (replaced by the token
     * once the lock is acquired).
     *
     * @param  string  $name
     * @param  int  $seconds
     * @param  string|null  $owner
     * @return \RedisLock\Bridge\Laravel\Lock
     */
    public function lock($name, $seconds = 0, $owner = null)
    {
        return new Lock($this->redis, $this->prefix . $name, $seconds, $owner, $this->connectionName,
            $this->foreverSeconds);
    }

    /**
     * A lock that acts on the hold of $owner, a token that owner() returned
     * after an acquisition, in this or any other process.
     *
     * @param  string  $name
     * @param  string  $owner
     * @return \RedisLock\Bridge\Laravel\Lock
     */
    public function restoreLock($name, $owner)
    {
        return $this->lock($name, 0, $owner);
    }

    /** The \RedisLock the locks use. */
    public function getRedisLock(): \RedisLock
    {
        return $this->redis;
    }

    public function getPrefix(): string
    {
        return $this->prefix;
    }

    public function getConnectionName(): ?string
    {
        return $this->connectionName;
    }
}
