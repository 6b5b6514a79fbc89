<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\CacheManager;
use Illuminate\Cache\NullStore;
use Illuminate\Cache\RateLimiter as LaravelRateLimiter;
use Illuminate\Support\ServiceProvider;
use InvalidArgumentException;

/**
 * Registers the cache driver "redislock" and the queue driver "redislock"
 * (RedisLock\Bridge\Laravel\Queue\Connector, configured in config/queue.php).
 * In config/cache.php:
 *
 *   'redislock' => [
 *       'driver' => 'redislock',
 *       'data_store' => 'file',           // the cache store for everything but locks (omit: lock-only)
 *       'connection' => 'default',        // config/database.php's redis connection
 *       'lock_connection' => 'default',   // the one for locks (default: connection)
 *       'lease' => 10,                    // seconds of a watchdog lease (false: none)
 *       // 'redislock' => [...],           // \RedisLock options, replacing the ones derived
 *   ],
 *
 * The locks are made with a \RedisLock built from database.redis.<lock_connection>
 * (or database.redis.clusters.<lock_connection>), read as Laravel reads a redis
 * connection (ConnectionConfig). Lock names are prefixed by the store's prefix
 * (or cache.prefix).
 *
 * The data store: "data_store", or "store" when it names a cache store of another
 * driver (Laravel 11 and later fill "store" in with the store's own name, which is
 * therefore never taken for the data store). Without either, the data side is a
 * NullStore: a lock-only store. The bridge needs no Redis client of Laravel's; a
 * data store of Laravel's redis driver does, and checkDataStores() says so at boot.
 *
 * Leases: a lock that the process taking it releases itself (see Leases) is held
 * under a watchdog lease of "lease" seconds (DEFAULT_LEASE; false turns leases
 * off; a redlock connection has none). The provider binds the scheduler's
 * EventMutex contract to Scheduling\EventMutex (unless the application bound
 * one), which decides that per event.
 *
 * Rate limits: when cache.limiter (or, unset, cache.default) names a redislock
 * store, Laravel's RateLimiter is RateLimiter, on a \RedisRateLimiter of the
 * store's lock connection (see rateLimiter()).
 *
 * Cache::funnel() (Laravel 12 and later): the store's repository is Repository,
 * whose funnel is one RedisSemaphore on the lock connection. Cache::flushLocks()
 * and cache:clear --locks (Laravel 13): see LockStore::flushLocks().
 */
class RedisLockServiceProvider extends ServiceProvider
{
    /** The seconds of a lease when the store's config does not say ("lease"). */
    public const DEFAULT_LEASE = ConnectionConfig::DEFAULT_LEASE;

    public function register()
    {
        // An extension older than the bridge lacks the bounds the adapters read:
        // say so here rather than at the first lock or job.
        if (\extension_loaded('redislock') && ($why = \RedisLock\Bridge\Installed::unusable()) !== '') {
            throw new \LogicException($why);
        }
        $boot = function () {
            static::checkDataStores($this->app['config']);
            static::extendCache($this->app['cache']);
            // The dashboard's routes, when config/redislock.php enables them.
            DashboardRoutes::register($this->app);
            static::traceRequests($this->app);
        };
        // A provider registered after the application booted (App::register() in a
        // test or a package's own provider) would never see the booting callbacks.
        if (method_exists($this->app, 'isBooted') && $this->app->isBooted()) {
            $boot();
        } else {
            $this->app->booting($boot);
        }
        // The operator's command, where Laravel's console is installed.
        if (class_exists(\Illuminate\Console\Command::class)) {
            $this->commands([Console\RedisLockCommand::class]);
        }
        // The scheduler's overlap mutex, where Laravel's scheduler is installed.
        if (interface_exists(\Illuminate\Console\Scheduling\EventMutex::class)) {
            $this->app->bindIf(\Illuminate\Console\Scheduling\EventMutex::class, Scheduling\EventMutex::class);
        }
        // Laravel's RateLimiter, on a redislock store named by cache.limiter.
        if (class_exists(LaravelRateLimiter::class)) {
            $this->app->extend(LaravelRateLimiter::class, function (LaravelRateLimiter $limiter, $app) {
                return static::rateLimiter($app, $limiter);
            });
        }
        // The queue driver "redislock", whenever the queue manager is made.
        $this->app->afterResolving('queue', function ($manager) {
            static::extendQueue($manager, $this->app);
        });
        if ($this->app->resolved('queue')) {
            static::extendQueue($this->app['queue'], $this->app);
        }
        // Laravel 13's queue pauses, also on the server for this driver's connections.
        if (class_exists(\Illuminate\Queue\Events\QueuePaused::class) && $this->app->bound('events')) {
            static::mirrorPauses($this->app);
        }
    }

    /**
     * Makes Queue::pause(), pauseFor() and resume() (and queue:pause,
     * queue:resume) of a connection whose driver is "redislock" pause and resume
     * the queue on the server too (RedisLockQueue::pauseQueue()), when Laravel
     * dispatches its QueuePaused and QueueResumed events. An error of the server
     * reaches the caller of pause() or resume().
     *
     * @param  \Illuminate\Contracts\Foundation\Application  $app
     */
    public static function mirrorPauses($app): void
    {
        $ours = static function ($connection) use ($app): ?Queue\RedisLockQueue {
            if (!is_string($connection) || ($app['config']["queue.connections.$connection.driver"] ?? null) !== 'redislock') {
                return null;
            }
            $queue = $app['queue']->connection($connection);

            return $queue instanceof Queue\RedisLockQueue ? $queue : null;
        };
        $app['events']->listen(\Illuminate\Queue\Events\QueuePaused::class, static function ($event) use ($ours) {
            $ours($event->connection)?->pauseQueue((string) $event->queue, $event->ttl ?? null);
        });
        $app['events']->listen(\Illuminate\Queue\Events\QueueResumed::class, static function ($event) use ($ours) {
            $ours($event->connection)?->resumeQueue((string) $event->queue);
        });
    }

    /**
     * Teach $queue (Laravel's QueueManager) the queue driver "redislock"; $app
     * gives the config (database.redis) its connections are read from.
     *
     * @param  \Illuminate\Queue\QueueManager  $queue
     * @param  \ArrayAccess|array|null  $app
     */
    public static function extendQueue($queue, #[\SensitiveParameter] $app = null): void
    {
        $queue->addConnector('redislock', static function () use ($app) {
            return new Queue\Connector($app);
        });
    }

    /**
     * At boot, a redislock store whose data store is Laravel's own "redis" driver
     * on a Redis client that is not installed fails here, naming what is missing,
     * instead of with `Class "Redis" not found` at the first Cache::put() or in
     * queue:work (which reads illuminate:queue:restart from the default store).
     * Laravel's redis driver takes its client from database.redis.client
     * (phpredis unless it says predis); this bridge itself needs neither.
     *
     * @param  \ArrayAccess|array  $config  the application's config repository
     */
    public static function checkDataStores(#[\SensitiveParameter] $config): void
    {
        $stores = $config['cache.stores'] ?? [];
        if (!is_array($stores)) {
            return;
        }
        $client = $config['database.redis.client'] ?? 'phpredis';
        [$class, $install] = $client === 'predis'
            ? [\Predis\Client::class, 'composer require predis/predis']
            : [\Redis::class, 'the redis extension (Debian: apt-get install php-redis; else pecl install redis)'];
        if ($client !== 'predis' && $client !== 'phpredis' || class_exists($class)) {
            return;
        }
        foreach ($stores as $name => $store) {
            if (!is_array($store) || ($store['driver'] ?? null) !== 'redislock') {
                continue;
            }
            // As dataStoreName() reads it, without its complaints (they come when the store is made).
            $data = $store['data_store'] ?? $store['store'] ?? null;
            if (is_string($data) && ($stores[$data]['driver'] ?? null) === 'redis') {
                throw new \LogicException("Cache store [$name] keeps its data in cache store [$data], Laravel's redis driver,"
                    . " whose client $client (database.redis.client) needs $install, which is not installed (class $class"
                    . ' not found). Install it, or set data_store to a store that needs no Redis client (file, database),'
                    . ' or leave data_store out for a store of locks only. The redislock driver itself needs neither.');
            }
        }
    }

    /** Teach $cache the driver "redislock". */
    public static function extendCache(CacheManager $cache): void
    {
        $cache->extend('redislock', function (#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config) {
            $store = RedisLockServiceProvider::makeStore($app, $config);

            // Laravel 11 and later name the repository after the store ($config['store']).
            $repository = $app['cache']->repository($store, $config);

            // Laravel 12 and later: Cache::funnel() on one RedisSemaphore.
            return Repository::supportsFunnel() ? Repository::of($repository) : $repository;
        });
    }

    /** The LockStore for a cache store's $config. */
    public static function makeStore(#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config): LockStore
    {
        $lockConnection = ConnectionConfig::lockConnection($config);
        $options = $config['redislock']
            ?? ConnectionConfig::redisConnectionOptions($app['config']['database.redis'] ?? [], $lockConnection);
        $prefix = $config['prefix'] ?? $app['config']['cache.prefix'] ?? '';
        $lease = ConnectionConfig::leaseSeconds($config['lease'] ?? null);
        $leases = $lease === null || (is_array($options) && isset($options['redlock']))
            ? null
            : new Leases($lease, static function (array $watchdog) use ($options): \RedisLock {
                return new \RedisLock(ConnectionConfig::withWatchdog($options, $watchdog));
            });
        $redis = new \RedisLock($options);
        // Cache::funnel()'s semaphore, where \RedisSemaphore takes the connection (it
        // refuses redlock and min_replicas with a ValueError; constructing sends
        // nothing): the funnel is Laravel's otherwise.
        try {
            $made = new \RedisSemaphore($options);
            $semaphore = static function () use ($made): \RedisSemaphore {
                return $made;
            };
        } catch (\ValueError $e) {
            $semaphore = null;
        }
        $locks = new LockProvider($redis, (string) $prefix, $lockConnection,
            (float) ($config['forever_seconds'] ?? LockProvider::FOREVER_SECONDS), $leases, $semaphore);
        $data = static::dataStoreName($app, $config);

        return new LockStore($data === null ? new NullStore : $app['cache']->store($data)->getStore(), $locks);
    }

    /**
     * The RateLimiter in place of Laravel's $limiter when the store it is made
     * for (cache.limiter, or cache.default) is a redislock store: decided by a
     * \RedisRateLimiter on the store's lock connection (its "redislock" options
     * less their "prefix": the limiter keeps keys under its own), the names
     * under the store's prefix. $limiter itself otherwise, and on a connection
     * that a RedisRateLimiter does not take (redlock, min_replicas on a
     * cluster), or with an extension that has none. With min_replicas, each
     * decision that counts is replicated before it answers.
     */
    public static function rateLimiter(#[\SensitiveParameter] $app, LaravelRateLimiter $limiter): LaravelRateLimiter
    {
        if (!class_exists(\RedisRateLimiter::class)) {
            return $limiter;
        }
        $name = $app['config']['cache.limiter'] ?? $app['config']['cache.default'] ?? null;
        $config = is_string($name) ? ($app['config']["cache.stores.$name"] ?? null) : null;
        if (!is_array($config) || ($config['driver'] ?? null) !== 'redislock') {
            return $limiter;
        }
        $options = $config['redislock']
            ?? ConnectionConfig::redisConnectionOptions($app['config']['database.redis'] ?? [], ConnectionConfig::lockConnection($config));
        // The store's watchdog renews its locks: a limiter holds nothing to renew (and
        // \RedisRateLimiter refuses the option), so it decides on the same server without it.
        if (is_array($options)) {
            unset($options['prefix'], $options['watchdog']);
        } elseif (is_string($options) && str_contains($options, 'watchdog')) {
            $options = rtrim((string) preg_replace('/(?<=[?&])watchdog(?:_lease|_max_hold)?=[^&#]*(?:&|(?=#)|$)/', '', $options), '?&');
        }
        // The extension says which connections a limiter takes: it refuses the others
        // with a ValueError, sending nothing. Laravel's limiter stays where the
        // connection is one a limiter cannot serve, as documented (a Redlock majority,
        // min_replicas on a cluster); any other refusal is a mistake in the options,
        // and the extension's error says which.
        try {
            $decider = new \RedisRateLimiter($options);
        } catch (\ValueError $e) {
            if (self::namesOption($options, 'redlock') || self::namesOption($options, 'min_replicas')) {
                return $limiter;
            }
            throw $e;
        }
        $prefix = $config['prefix'] ?? $app['config']['cache.prefix'] ?? '';

        return RateLimiter::replacing($limiter, $decider, (string) $prefix);
    }

    /** Whether a connection (options or a DSN) gives the option $name. */
    private static function namesOption(#[\SensitiveParameter] mixed $options, string $name): bool
    {
        if (is_array($options)) {
            return array_key_exists($name, $options);
        }

        return is_string($options) && preg_match('/[?&]' . preg_quote($name, '/') . '=/', $options) === 1;
    }

    /**
     * The name of the cache store that keeps the data of a redislock store, or
     * null for a lock-only store.
     */
    public static function dataStoreName(#[\SensitiveParameter] $app, #[\SensitiveParameter] array $config): ?string
    {
        $stores = $app['config']['cache.stores'] ?? [];
        if (isset($config['data_store'])) {
            $name = (string) $config['data_store'];
            if (($stores[$name]['driver'] ?? null) === 'redislock') {
                throw new InvalidArgumentException("Cache store [$name] is a redislock store; data_store must name a store that keeps data.");
            }

            return $name;
        }
        // "store": the data store of this adapter's first configuration form, but
        // also what Laravel 11 and later set to the store's own name (and
        // Cache::build() to "ondemand"); only a defined store of another driver
        // is a data store.
        $name = $config['store'] ?? null;
        if (is_string($name) && isset($stores[$name]['driver']) && $stores[$name]['driver'] !== 'redislock') {
            return $name;
        }

        return null;
    }

    /**
     * Jobs queued while a request is served carry its trace context (the
     * "traceparent" and "tracestate" headers it came with) when nothing else set
     * one (RedisLock\Bridge\TraceContext): the request Laravel serves now, read
     * at each push, which is also right under Octane.
     *
     * @param  \Illuminate\Contracts\Foundation\Application  $app
     */
    protected static function traceRequests($app): void
    {
        \RedisLock\Bridge\TraceContext::resolveWith(static function () use ($app) {
            if (!$app->bound('request')) {
                return null;
            }
            $request = $app->make('request');

            return \RedisLock\Bridge\TraceContext::parse($request->headers->get('traceparent'), $request->headers->get('tracestate'));
        });
    }
}
