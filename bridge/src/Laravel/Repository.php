<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\Repository as LaravelRepository;

/**
 * The cache repository of a redislock store on Laravel 12 and later, whose
 * Repository::funnel() builds its limiter with `new` (no contract, no binding):
 * funnel() here gives Limiters\ConcurrencyLimiterBuilder, the same builder with
 * the same methods, whose limiter is one RedisSemaphore (see
 * Limiters\ConcurrencyLimiter) instead of "limit" slot locks polled every
 * 250 ms. Everything else is Laravel's Repository, unchanged. The service
 * provider uses it only where Laravel's Repository has funnel() (supportsFunnel()).
 */
class Repository extends LaravelRepository
{
    /** Whether this Laravel's cache repository has funnel() (12 and later). */
    public static function supportsFunnel(): bool
    {
        return method_exists(LaravelRepository::class, 'funnel');
    }

    /**
     * This class in place of $repository, as CacheManager::repository() made it:
     * the same store, config, event dispatcher and default lifetime.
     */
    public static function of(LaravelRepository $repository): self
    {
        $ours = new static($repository->getStore(), $repository->config);
        $events = $repository->getEventDispatcher();
        if ($events !== null) {
            $ours->setEventDispatcher($events);
        }
        $ours->setDefaultCacheTime($repository->getDefaultCacheTime());

        return $ours;
    }

    /**
     * Funnel a callback for a maximum number of simultaneous executions: on a
     * redislock store with a semaphore, one RedisSemaphore; otherwise Laravel's.
     *
     * @param  \UnitEnum|string  $name
     * @return \Illuminate\Cache\Limiters\ConcurrencyLimiterBuilder
     */
    public function funnel($name)
    {
        $builder = parent::funnel($name);

        return new Limiters\ConcurrencyLimiterBuilder($this, $builder->name);
    }
}
