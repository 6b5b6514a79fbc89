--TEST--
Laravel bridge: our store chosen through Laravel 11+'s default config/cache.php environment takes its locks on the lock connection
--DESCRIPTION--
Laravel bridge: our store chosen the way Laravel 11+'s default config/cache.php
reads the environment (CACHE_STORE, REDIS_CACHE_CONNECTION,
REDIS_CACHE_LOCK_CONNECTION, CACHE_PREFIX's default) takes its locks on the lock
connection's server and database, with the default lease unless
REDISLOCK_LEASE=false

config/cache.php and config/database.php's redis section as Laravel 11 ships
them, plus the store a user adds for us. The locks go to the redis connection
named by REDIS_CACHE_LOCK_CONNECTION ("default": REDIS_DB), not to
REDIS_CACHE_CONNECTION's ("cache": REDIS_CACHE_DB). The values are read with
Laravel's env() where vlucas/phpdotenv (which Laravel's Env needs, and Debian's
php-illuminate-support only suggests) is installed, else with the same
conversions from getenv(). The data side is Laravel's array store here (the
application's redis store would need phpredis in this process).
--INI--
extension=mbstring
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use Illuminate\Support\Str;

/** Laravel's env(): the variable, with "true", "false", "null" and "empty" read as Laravel reads them. */
function lv_env(string $key, $default = null)
{
    if (class_exists(Dotenv\Repository\RepositoryBuilder::class)) {
        return env($key, $default);
    }
    $value = getenv($key);
    if ($value === false) {
        return $default;
    }
    $words = ['true' => true, '(true)' => true, 'false' => false, '(false)' => false, 'empty' => '', '(empty)' => '', 'null' => null, '(null)' => null];

    return array_key_exists(strtolower($value), $words) ? $words[strtolower($value)] : $value;
}

function lv_app(): RedisLockLaravelTestApp
{
    $closed = (string) rl_dead_port();

    return redislock_laravel_app([
        'cache' => [
            'default' => lv_env('CACHE_STORE', 'database'),
            'stores' => [
                'array' => ['driver' => 'array', 'serialize' => false],
                'redis' => [
                    'driver' => 'redis',
                    'connection' => lv_env('REDIS_CACHE_CONNECTION', 'cache'),
                    'lock_connection' => lv_env('REDIS_CACHE_LOCK_CONNECTION', 'default'),
                ],
                'redislock' => [
                    'driver' => 'redislock',
                    'data_store' => 'array',
                    'connection' => lv_env('REDIS_CACHE_CONNECTION', 'cache'),
                    'lock_connection' => lv_env('REDIS_CACHE_LOCK_CONNECTION', 'default'),
                    'lease' => lv_env('REDISLOCK_LEASE'),
                ],
            ],
            'prefix' => lv_env('CACHE_PREFIX', Str::slug(lv_env('APP_NAME', 'laravel'), '_') . '_cache_'),
        ],
        /* Laravel's file falls back to Redis's usual port; here to a port held closed, so
         * that a REDIS_PORT the test forgot fails rather than reaches a server of the machine's. */
        'database' => ['redis' => [
            'client' => lv_env('REDIS_CLIENT', 'phpredis'),
            'options' => [
                'cluster' => lv_env('REDIS_CLUSTER', 'redis'),
                'prefix' => lv_env('REDIS_PREFIX', Str::slug(lv_env('APP_NAME', 'laravel'), '_') . '_database_'),
            ],
            'default' => [
                'url' => lv_env('REDIS_URL'),
                'host' => lv_env('REDIS_HOST', '127.0.0.1'),
                'username' => lv_env('REDIS_USERNAME'),
                'password' => lv_env('REDIS_PASSWORD'),
                'port' => lv_env('REDIS_PORT', $closed),
                'database' => lv_env('REDIS_DB', '0'),
            ],
            'cache' => [
                'url' => lv_env('REDIS_URL'),
                'host' => lv_env('REDIS_HOST', '127.0.0.1'),
                'username' => lv_env('REDIS_USERNAME'),
                'password' => lv_env('REDIS_PASSWORD'),
                'port' => lv_env('REDIS_PORT', $closed),
                'database' => lv_env('REDIS_CACHE_DB', '1'),
            ],
        ]],
    ]);
}

// The .env of an application that picks our store.
foreach (['CACHE_STORE' => 'redislock', 'REDIS_HOST' => rl_env('REDISLOCK_TEST_HOST'), 'REDIS_PORT' => rl_env('REDISLOCK_TEST_PORT'),
    'REDIS_DB' => '5', 'REDIS_CACHE_DB' => '6', 'REDIS_PASSWORD' => 'null', 'APP_NAME' => 'Shop'] as $key => $value) {
    putenv("$key=$value");
}
$raw = new RawRedis();
$where = function (string $key) use ($raw): array {
    $found = [];
    foreach ([0, 5, 6] as $db) {
        $raw->call('SELECT', (string) $db);
        if ($raw->call('EXISTS', $key)) {
            $found[] = $db;
        }
    }
    $raw->call('SELECT', '0');
    return $found;
};

$app = lv_app();
$cache = $app['cache'];
$store = $cache->store()->getStore();
var_dump($cache->getDefaultDriver(), get_class($store), $store->getLockConnectionName());
$name = rl_name();
$lock = $cache->lock($name, 10);
var_dump($lock->get(), $where("Lock:shop_cache_:$name"));
$lock->release();
$cache->put('k', 'v', 10);
var_dump($cache->get('k'));

// The default lease, and REDISLOCK_LEASE=false.
$pttl = function (string $name) use ($raw) {
    $raw->call('SELECT', '5');
    $ms = (int) $raw->call('PTTL', "Lock:shop_cache_:$name");
    $raw->call('SELECT', '0');
    return $ms;
};
$name = rl_name();
var_dump($cache->lock($name, 60)->get(fn () => $pttl($name) <= 10000));
putenv('REDISLOCK_LEASE=false');
$name = rl_name();
var_dump(lv_app()['cache']->lock($name, 60)->get(fn () => $pttl($name) > 59000));
putenv('REDISLOCK_LEASE');

// Locks on the cache connection instead: REDIS_CACHE_LOCK_CONNECTION=cache.
putenv('REDIS_CACHE_LOCK_CONNECTION=cache');
$app = lv_app();
$name = rl_name();
$lock = $app['cache']->lock($name, 10);
var_dump($app['cache']->store()->getStore()->getLockConnectionName(), $lock->get(), $where("Lock:shop_cache_:$name"), $lock->release());
?>
--EXPECT--
string(9) "redislock"
string(34) "RedisLock\Bridge\Laravel\LockStore"
string(7) "default"
bool(true)
array(1) {
  [0]=>
  int(5)
}
string(1) "v"
bool(true)
bool(true)
string(5) "cache"
bool(true)
array(1) {
  [0]=>
  int(6)
}
bool(true)
