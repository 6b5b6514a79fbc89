--TEST--
Laravel bridge: $seconds = 0 ("no expiry" in Laravel) is a long finite lifetime, 365 days or the provider's own
--DESCRIPTION--
Laravel bridge: $seconds = 0 ("no expiry" in Laravel) is a long finite lifetime,
365 days or the provider's own; seconds > 0 are exact; refresh() renews; a
Repository over LockStore gives these locks and turns the scheduler's mutex keys
into locks
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../../bridge/autoload.php';
use Illuminate\Cache\ArrayStore;
use Illuminate\Cache\Repository;
use RedisLock\Bridge\Laravel\LockProvider;
use RedisLock\Bridge\Laravel\LockStore;

$raw = new RawRedis();
$redis = new RedisLock(rl_dsn());
$pttl = fn (string $name) => $raw->call('PTTL', l4_key($name));

$name = rl_name();
$lock = (new LockProvider($redis))->lock($name);
var_dump($lock->lifetime());
var_dump($lock->get());
$ms = $pttl($name);
var_dump($ms > 31536000000 - 10000 && $ms <= 31536000000);
var_dump($lock->release());

$lock = (new LockProvider($redis))->lock($name, 0);
var_dump($lock->block(1));
$ms = $pttl($name);
var_dump($ms > 31536000000 - 10000 && $ms <= 31536000000);
var_dump($lock->release());

$lock = (new LockProvider($redis, '', null, 100))->lock($name);
var_dump($lock->get());
$ms = $pttl($name);
var_dump($ms > 99000 && $ms <= 100000);
var_dump($lock->refresh(5));
$ms = $pttl($name);
var_dump($ms > 4000 && $ms <= 5000);
var_dump($lock->refresh(0));
$ms = $pttl($name);
var_dump($ms > 99000 && $ms <= 100000);
var_dump($lock->release(), $lock->refresh());

$lock = (new LockProvider($redis))->lock($name, 7);
var_dump($lock->get());
$ms = $pttl($name);
var_dump($ms > 6000 && $ms <= 7000);
var_dump($lock->release());

try {
    new LockProvider($redis, '', null, 2e9);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}

/* Through a cache repository, as Cache::lock() and ShouldBeUnique use it. */
$prefix = rl_name(':');
$provider = new LockProvider($redis, $prefix, 'default');
$cache = new Repository(new LockStore(new ArrayStore, $provider));
$unique = $cache->lock('laravel_unique_job:App\Jobs\Sync42', 0);
var_dump($unique->get(), $cache->lock('laravel_unique_job:App\Jobs\Sync42')->get());
$ms = $pttl($provider->redisName('laravel_unique_job:App\Jobs\Sync42'));
var_dump($ms > 31536000000 - 10000);
$cache->lock('laravel_unique_job:App\Jobs\Sync42')->forceRelease();
var_dump($unique->isOwnedByCurrentProcess());
var_dump($cache->restoreLock('x', 'y')->getConnectionName());

/* The scheduler's withoutOverlapping() in Laravel 8: add(), has(), forget(). */
$mutex = 'framework' . DIRECTORY_SEPARATOR . 'schedule-' . sha1('* * * * *php artisan report');
var_dump($cache->has($mutex), $cache->add($mutex, true, 1440 * 60), $cache->add($mutex, true, 1440 * 60));
var_dump($cache->has($mutex));
$ms = $pttl($provider->redisName($mutex));
var_dump($ms > 86390000 && $ms <= 86400000);
var_dump($cache->forget($mutex), $cache->has($mutex), $raw->call('EXISTS', l4_key($provider->redisName($mutex))));

/* Everything else is the inner store's. */
/* (forever(): a put() with a lifetime needs Carbon, hence mbstring, which php -n lacks.) */
var_dump($cache->forever('k', 'v'), $cache->get('k'), $cache->add('k', 'w', 10), $cache->get('k'));
var_dump($raw->call('EXISTS', l4_key($provider->redisName('k'))));
?>
--EXPECT--
float(31536000)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
$foreverSeconds must be greater than 0 and at most 1e9
bool(true)
bool(false)
bool(true)
bool(false)
string(7) "default"
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
string(1) "v"
bool(false)
string(1) "v"
int(0)
