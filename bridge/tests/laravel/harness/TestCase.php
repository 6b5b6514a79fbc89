<?php

namespace Orchestra\Testbench;

use Illuminate\Cache\CacheManager;
use Illuminate\Cache\RateLimiter as LaravelRateLimiter;
use Illuminate\Config\Repository as Config;
use Illuminate\Container\Container;
use Illuminate\Support\Carbon;
use Illuminate\Support\Facades\Facade;
use RedisLock\Bridge\Laravel\RedisLockServiceProvider;

/**
 * A stand-in for Orchestra Testbench's TestCase, as much of it as the cache lock
 * tests touch: $this->app is a container with a real config repository and a real
 * Illuminate\Cache\CacheManager, the Cache facade resolves to it, and the cache
 * store "redis" is our driver "redislock" (registered exactly as
 * RedisLockServiceProvider does in an application), its locks on
 * database.redis.default, which is the test server.
 */
abstract class TestCase extends \PHPUnit\Framework\TestCase
{
    /** @var \Illuminate\Container\Container|null */
    protected $app;

    protected function setUp(): void
    {
        parent::setUp();

        $app = new Container;
        Container::setInstance($app);
        $app->instance('config', new Config([
            'cache' => [
                'default' => 'redis',
                'prefix' => REDISLOCK_LARAVEL_PREFIX,
                'limiter' => 'limits',
                'stores' => [
                    'redis' => ['driver' => 'redislock', 'connection' => 'default'],
                    // The rate limiter's store: a prefix of each test's own, so that
                    // every test starts with no window, as Testbench's array cache does.
                    'limits' => ['driver' => 'redislock', 'connection' => 'default',
                        'prefix' => REDISLOCK_LARAVEL_PREFIX . '-' . bin2hex(random_bytes(6))],
                ],
            ],
            'database' => [
                'redis' => [
                    'default' => ['host' => REDISLOCK_LARAVEL_HOST, 'port' => REDISLOCK_LARAVEL_PORT, 'database' => 0],
                ],
            ],
        ]));
        $cache = new CacheManager($app);
        $app->instance('cache', $cache);
        RedisLockServiceProvider::extendCache($cache);

        // Laravel's RateLimiter, as CacheServiceProvider binds it, and ours in its
        // place as RedisLockServiceProvider puts it there.
        $app->singleton(LaravelRateLimiter::class, static fn ($app) => new LaravelRateLimiter($app['cache']->store($app['config']['cache.limiter'])));
        $app->extend(LaravelRateLimiter::class, static fn ($limiter, $app) => RedisLockServiceProvider::rateLimiter($app, $limiter));

        Facade::clearResolvedInstances();
        Facade::setFacadeApplication($app);
        $this->app = $app;

        // What the tests exercise is our store, or nothing is proven. Checked on a
        // manager of its own: the tests' one must resolve its stores lazily, after
        // they change the config.
        $probe = new CacheManager($app);
        RedisLockServiceProvider::extendCache($probe);
        $store = $probe->store('redis')->getStore();
        if (!$store instanceof \RedisLock\Bridge\Laravel\LockStore) {
            $this->fail('the cache store "redis" is ' . get_class($store) . ', not the redislock LockStore');
        }
        $limiter = (clone $app)->make(LaravelRateLimiter::class);
        if (!$limiter instanceof \RedisLock\Bridge\Laravel\RateLimiter) {
            $this->fail('the RateLimiter is ' . get_class($limiter) . ', not the redislock RateLimiter');
        }
    }

    protected function tearDown(): void
    {
        Facade::clearResolvedInstances();
        Carbon::setTestNow();
        Container::setInstance(null);
        $this->app = null;

        parent::tearDown();
    }
}
