<?php

namespace RedisLock\Bridge\Laravel;

use Illuminate\Cache\CacheManager;
use Illuminate\Cache\NullStore;
use Illuminate\Support\ServiceProvider;

/**
 * Registers the cache driver "redislock". In config/cache.php:
 *
 *   'redis' => [
 *       'driver' => 'redislock',
 *       'store' => 'redis-data',          // the cache store for everything but locks
 *       'connection' => 'cache',          // config/database.php's redis connection
 *       'lock_connection' => 'default',   // the one for locks (default: connection)
 *       // 'redislock' => [...],           // \RedisLock options, replacing the ones derived
 *   ],
 *
 * The locks are made with a \RedisLock built from database.redis.<lock_connection>
 * (url, host, port, password, username, database, timeout, read_timeout), the
 * names prefixed by the store's prefix (or cache.prefix) as Laravel's own
 * RedisStore does. Without 'store', the data side is a NullStore: a lock-only store.
 */
class RedisLockServiceProvider extends ServiceProvider
{
    public function register()
    {
        $this->app->booting(function () {
            static::extendCache($this->app['cache']);
        });
    }

    /** Teach $cache the driver "redislock". */
    public static function extendCache(CacheManager $cache): void
    {
        $cache->extend('redislock', function ($app, array $config) {
            return $app['cache']->repository(RedisLockServiceProvider::makeStore($app, $config));
        });
    }

    /** The LockStore for a cache store's $config. */
    public static function makeStore($app, array $config): LockStore
    {
        $connection = $config['connection'] ?? 'default';
        $lockConnection = $config['lock_connection'] ?? $connection;
        $options = $config['redislock']
            ?? static::connectionOptions($app['config']["database.redis.$lockConnection"] ?? []);
        $prefix = $config['prefix'] ?? $app['config']['cache.prefix'] ?? '';
        $locks = new LockProvider(new \RedisLock($options), (string) $prefix, $lockConnection,
            (float) ($config['forever_seconds'] ?? LockProvider::FOREVER_SECONDS));
        $inner = isset($config['store'])
            ? $app['cache']->store($config['store'])->getStore()
            : new NullStore;

        return new LockStore($inner, $locks);
    }

    /**
     * \RedisLock connection options from a Laravel redis connection config
     * (config/database.php, redis.<name>).
     *
     * @return string|array
     */
    public static function connectionOptions(array $c)
    {
        if (!empty($c['url'])) {
            return $c['url'];
        }
        $options = [];
        $host = $c['host'] ?? '127.0.0.1';
        if (is_string($host) && str_starts_with($host, '/')) {
            $options['socket'] = $host;
        } else {
            $options['host'] = (string) $host;
            if (isset($c['port']) && $c['port'] !== '') {
                $options['port'] = (int) $c['port'];
            }
        }
        if (isset($c['password']) && $c['password'] !== '') {
            $options['password'] = (string) $c['password'];
            if (isset($c['username']) && $c['username'] !== '') {
                $options['user'] = (string) $c['username'];
            }
        }
        if (isset($c['database']) && $c['database'] !== '') {
            $options['database'] = (int) $c['database'];
        }
        if (isset($c['timeout']) && $c['timeout'] > 0) {
            $options['connect_timeout'] = (float) $c['timeout'];
        }
        if (isset($c['read_timeout']) && $c['read_timeout'] > 0) {
            $options['read_timeout'] = (float) $c['read_timeout'];
        }
        if (($c['scheme'] ?? null) === 'tls') {
            $options['tls'] = true;
        }

        return $options;
    }
}
