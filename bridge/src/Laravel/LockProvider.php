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
 * first in Redis. A non-empty $prefix (the cache store's prefix) then comes
 * before every name, followed by ":" (as Laravel up to 10 keys its redis locks;
 * a ":" inside $prefix is written "%3A", and "%" "%25"), so that the names of two
 * stores never meet: prefix "shop" with lock "1x" is "shop:1x", prefix "shop1"
 * with lock "x" is "shop1:x", and prefix "a:b" with lock "c" is "a%3Ab:c", not
 * prefix "a" with lock "b:c". Without a prefix, names are used as they are.
 *
 * With $leases, a lock that the acquiring process releases itself is held under
 * the watchdog's lease (see Leases and Lock): lockReleasedByHolder() makes such
 * locks, and lock()'s get()/block() with a callback take one.
 *
 * With $connectSemaphore, semaphore() gives a \RedisSemaphore on the same
 * server, for Cache::funnel() (see Limiters\ConcurrencyLimiter); its names are
 * redisName()s too.
 */
class LockProvider implements LockProviderContract
{
    /** The lifetime, in seconds, of a lock asked for with $seconds = 0 (365 days; this adapter's choice). */
    public const FOREVER_SECONDS = 31536000.0;

    /** @var \RedisLock */
    protected $redis;

    /** @var string */
    protected $prefix;

    /** @var string|null */
    protected $connectionName;

    /** @var float */
    protected $foreverSeconds;

    /** @var \RedisLock\Bridge\Laravel\Leases|null */
    protected $leases;

    /** @var \Closure(): \RedisSemaphore|null */
    protected $connectSemaphore;

    /** @var \RedisSemaphore|null */
    protected $semaphore;

    /** How many names flushLocks() asks the server for per SCAN page (this adapter's choice). */
    public const FLUSH_PAGE = 100;

    /**
     * @param  string|null  $connectionName  reported by Lock::getConnectionName()
     * @param  float  $foreverSeconds  the lifetime for $seconds = 0 (at most 1e9)
     * @param  \RedisLock\Bridge\Laravel\Leases|null  $leases  watchdog leases on $redis's server (null: none)
     * @param  callable(): \RedisSemaphore|null  $connectSemaphore  a \RedisSemaphore on $redis's server,
     *         made on first use (null: none; Cache::funnel() then takes Laravel's slot locks)
     */
    public function __construct(\RedisLock $redis, string $prefix = '', ?string $connectionName = null,
        float $foreverSeconds = self::FOREVER_SECONDS, ?Leases $leases = null, ?callable $connectSemaphore = null)
    {
        if (!($foreverSeconds > 0 && $foreverSeconds <= \RedisLock::MAX_SECONDS)) {
            throw new \ValueError('$foreverSeconds must be greater than 0 and at most 1e9');
        }
        $this->redis = $redis;
        $this->prefix = $prefix;
        $this->connectionName = $connectionName;
        $this->foreverSeconds = $foreverSeconds;
        $this->leases = $leases;
        $this->connectSemaphore = $connectSemaphore === null ? null : \Closure::fromCallable($connectSemaphore);
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
        return new Lock($this->redis, $this->redisName((string) $name), $seconds, $owner, $this->connectionName,
            $this->foreverSeconds, false, $this->leases);
    }

    /**
     * A lock that the process acquiring it will release itself, every time (a
     * job middleware around the job, a scheduled event run in the foreground):
     * with leases, each acquisition is held under a lease, renewed while this
     * process lives and gone within one lease after it dies, never later than
     * $seconds. Without leases, or for $seconds within one lease, as lock().
     *
     * @param  string  $name
     * @param  int|float|string|null  $seconds
     * @return \RedisLock\Bridge\Laravel\Lock
     */
    public function lockReleasedByHolder($name, $seconds = 0)
    {
        return new Lock($this->redis, $this->redisName((string) $name), $seconds, null, $this->connectionName,
            $this->foreverSeconds, false, $this->leases, true);
    }

    /**
     * A lock that acts on the hold of $owner, a token that owner() returned
     * after an acquisition, in this or any other process. It does not know the
     * lifetime the holder chose: its refresh() without seconds keeps the hold's
     * expiry (see Lock::refresh()).
     *
     * @param  string  $name
     * @param  string  $owner
     * @return \RedisLock\Bridge\Laravel\Lock
     */
    public function restoreLock($name, $owner)
    {
        return new Lock($this->redis, $this->redisName((string) $name), 0, $owner, $this->connectionName,
            $this->foreverSeconds, true, $this->leases);
    }

    /**
     * The name a lock $name has in Redis (before the \RedisLock's own key prefix):
     * "<prefix>:<name>", the prefix's ":" and "%" percent-encoded, or $name alone
     * without a prefix.
     */
    public function redisName(string $name): string
    {
        if ($this->prefix === '') {
            return $name;
        }

        return strtr($this->prefix, ['%' => '%25', ':' => '%3A']) . ':' . $name;
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

    /** The lifetime, in seconds, of a lock (or a funnel's permit) asked for with 0 seconds. */
    public function getForeverSeconds(): float
    {
        return $this->foreverSeconds;
    }

    /** The \RedisSemaphore of Cache::funnel() (made on first use), or null when there is none. */
    public function semaphore(): ?\RedisSemaphore
    {
        if ($this->semaphore === null && $this->connectSemaphore !== null) {
            $this->semaphore = ($this->connectSemaphore)();
        }

        return $this->semaphore;
    }

    /**
     * Remove every lock of this provider: the names under "<prefix>:", whoever
     * holds them (their waiters stay queued, and the first takes the lock). The
     * names are listed a SCAN page of FLUSH_PAGE keys at a time and each removed
     * in its own step, so the server never runs one long command or script; a
     * lock taken during the walk may stay. Another prefix's locks never match,
     * also when that prefix is a prefix of this one: its ":" closes the prefix,
     * and a ":" inside a prefix is written "%3A".
     *
     * @throws \RuntimeException  without a prefix: this provider's names cannot be told from
     *         other stores' on the server
     * @throws \BadMethodCallException  with redlock, which lists no names
     */
    public function flushLocks(): bool
    {
        if ($this->prefix === '') {
            throw new \RuntimeException('Flushing the locks of a redislock cache store needs a prefix (the store\'s "prefix" or cache.prefix): without one its locks cannot be told from other applications\'.');
        }
        $mine = $this->redisName('');
        $cursor = null;
        do {
            $page = $this->redis->names($cursor, self::FLUSH_PAGE);
            foreach ($page['names'] as $name) {
                if (strncmp($name, $mine, strlen($mine)) === 0) {
                    $this->redis->forceUnlock($name);
                }
            }
            $cursor = $page['cursor'];
        } while ($cursor !== null);

        return true;
    }

    /** The watchdog leases, or null when locks keep their plain lifetimes. */
    public function getLeases(): ?Leases
    {
        return $this->leases;
    }
}
