<?php

namespace RedisLock\Bridge\Laravel\Limiters;

use Illuminate\Cache\Limiters\ConcurrencyLimiter as LaravelLimiter;
use Illuminate\Cache\Limiters\LimiterTimeoutException;

/**
 * Cache::funnel() as one RedisSemaphore: at most "limit" holders of the funnel's
 * name at once, exactly, served first come, first served; a caller that has to
 * wait is blocked on the server and woken when a permit is free, never polling
 * (the builder's sleep() is ignored). Each permit lives releaseAfter seconds
 * (0: the store's forever_seconds), the lifetime Laravel gives its slot locks,
 * and is released when the callback returns or throws; without a callback it is
 * kept until then, as Laravel's slot lock is.
 *
 * The semaphore's name is the funnel's, after the store's prefix (as a lock's,
 * LockProvider::redisName()), under the \RedisSemaphore's own key prefix
 * ("Semaphore:" by default), so funnels of two stores never meet. A funnel
 * counts its permits apart from Laravel's slot locks: every process of one
 * funnel must go through this store.
 */
class ConcurrencyLimiter extends LaravelLimiter
{
    /** @var \RedisSemaphore */
    protected $semaphore;

    /** @var string */
    protected $semaphoreName;

    /** @var float */
    protected $expire;

    /**
     * @param  \RedisLock\Bridge\Laravel\LockStore  $store
     * @param  string  $name  the funnel's name
     * @param  int  $maxLocks  the limit
     * @param  int  $releaseAfter  as the builder has it (0: no expiry, in Laravel)
     * @param  string  $semaphoreName  the funnel's name in Redis (after the store's prefix)
     * @param  float  $expire  a permit's lifetime in seconds
     */
    public function __construct($store, $name, $maxLocks, $releaseAfter, \RedisSemaphore $semaphore,
        string $semaphoreName, float $expire)
    {
        parent::__construct($store, $name, $maxLocks, $releaseAfter);
        $this->semaphore = $semaphore;
        $this->semaphoreName = $semaphoreName;
        $this->expire = $expire;
    }

    /**
     * Take a permit, waiting up to $timeout seconds in the queue (0: try once),
     * run $callback holding it and release it, also when $callback throws.
     *
     * @param  int|float  $timeout
     * @param  callable|null  $callback
     * @param  int  $sleep  ignored: a waiter is woken by the server
     * @return mixed  what $callback returns; true without a callback
     *
     * @throws \Illuminate\Cache\Limiters\LimiterTimeoutException  when no permit was free in time
     * @throws \ValueError  when the limit is not between 1 and 1e9 (limit() not called, or 0)
     * @throws \RedisLockException  when Redis fails
     */
    public function block($timeout, $callback = null, $sleep = 250)
    {
        $limit = $this->maxLocks;
        if (!is_numeric($limit) || (int) $limit != $limit || $limit < 1 || $limit > \RedisSemaphore::MAX_LIMIT) {
            throw new \ValueError('The funnel\'s limit must be an integer between 1 and ' . \RedisSemaphore::MAX_LIMIT . '; call limit() before then().');
        }
        $token = $this->semaphore->acquire($this->semaphoreName, (int) $limit, min(\RedisSemaphore::MAX_SECONDS, max(0.0, (float) $timeout)), $this->expire);
        if ($token === false) {
            throw new LimiterTimeoutException;
        }
        if (!is_callable($callback)) {
            return true;
        }
        try {
            return $callback();
        } finally {
            $this->semaphore->release($this->semaphoreName, $token);
        }
    }
}
