<?php

namespace RedisLock\Bridge\Laravel\Limiters;

use Illuminate\Cache\Limiters\ConcurrencyLimiterBuilder as LaravelBuilder;
use RedisLock\Bridge\Laravel\LockStore;

/**
 * Laravel's funnel builder (limit(), releaseAfter(), block(), sleep(), then()),
 * unchanged but for the limiter it creates (the override point Laravel's
 * builder has): on a redislock store with a semaphore, ConcurrencyLimiter, one
 * RedisSemaphore; on any other store, Laravel's.
 */
class ConcurrencyLimiterBuilder extends LaravelBuilder
{
    protected function createLimiter()
    {
        $store = $this->connection->getStore();
        $locks = $store instanceof LockStore ? $store->getLockProvider() : null;
        $semaphore = $locks === null ? null : $locks->semaphore();
        if ($semaphore === null) {
            return parent::createLimiter();
        }
        $releaseAfter = (float) $this->releaseAfter;

        return new ConcurrencyLimiter($store, $this->name, $this->maxLocks, $this->releaseAfter, $semaphore,
            $locks->redisName((string) $this->name), $releaseAfter > 0 ? $releaseAfter : $locks->getForeverSeconds());
    }
}
