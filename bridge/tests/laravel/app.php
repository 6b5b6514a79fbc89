<?php
/*
 * For the tests/bridge_laravel_*.phpt tests: loads Debian's Illuminate packages
 * and the bridge, and builds the smallest application a CacheManager needs (the
 * config repository and the cache manager itself, with the driver "redislock"
 * registered as RedisLockServiceProvider does), without Illuminate\Container,
 * which those tests do not install.
 *
 *   require __DIR__ . '/../bridge/tests/laravel/app.php';
 *   $app = redislock_laravel_app(['cache' => [...], 'database' => ['redis' => [...]]]);
 *   $app['cache']->store('locks')->lock('report', 10)->get();
 */

foreach (['Illuminate/Support', 'Illuminate/Config', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache php-illuminate-config\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once dirname(__DIR__, 2) . '/autoload.php';

/** An application as far as CacheManager and the bridge use one: ArrayAccess, and bound(). */
final class RedisLockLaravelTestApp implements ArrayAccess
{
    private array $items = [];

    public function bound($abstract): bool
    {
        return isset($this->items[$abstract]);
    }

    public function offsetExists($key): bool
    {
        return isset($this->items[$key]);
    }

    public function offsetGet($key): mixed
    {
        if (!isset($this->items[$key])) {
            throw new RuntimeException("nothing is bound as $key in this test application");
        }

        return $this->items[$key];
    }

    public function offsetSet($key, $value): void
    {
        $this->items[$key] = $value;
    }

    public function offsetUnset($key): void
    {
        unset($this->items[$key]);
    }
}

function redislock_laravel_app(array $config): RedisLockLaravelTestApp
{
    $app = new RedisLockLaravelTestApp;
    $app['config'] = new Illuminate\Config\Repository($config);
    $app['cache'] = new Illuminate\Cache\CacheManager($app);
    RedisLock\Bridge\Laravel\RedisLockServiceProvider::extendCache($app['cache']);

    return $app;
}

