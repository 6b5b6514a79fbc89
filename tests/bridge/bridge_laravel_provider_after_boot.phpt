--TEST--
Laravel bridge: RedisLockServiceProvider registered after the application booted still adds the redislock cache driver and checks the data stores at once
--DESCRIPTION--
An application that booted before the provider was registered (App::register()
late, as a test or another package may do) never runs booting callbacks added
afterwards: the provider then does their work at once. Registered before boot,
the work waits for boot() as before.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Container', 'Illuminate/Config', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        exit("$package is not installed: apt-get install php-" . strtolower(str_replace('/', '-', $package)) . "\n");
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../../bridge/autoload.php';

final class LateBootApp extends Illuminate\Container\Container
{
    private array $booting = [];
    private bool $booted = false;

    public function booting(callable $callback): void
    {
        $this->booting[] = $callback;
    }

    public function boot(): void
    {
        foreach ($this->booting as $callback) {
            $callback($this);
        }
        $this->booted = true;
    }

    public function isBooted(): bool
    {
        return $this->booted;
    }

    public function runningInConsole(): bool
    {
        return false;
    }
}

function late_app(array $stores): LateBootApp
{
    $app = new LateBootApp;
    Illuminate\Container\Container::setInstance($app);
    $app->instance('config', new Illuminate\Config\Repository([
        'cache' => ['default' => 'locks', 'prefix' => rl_name(), 'stores' => $stores],
        'database' => ['redis' => ['client' => 'phpredis', 'default' => ['host' => rl_env('REDISLOCK_TEST_HOST'),
            'port' => (int) rl_env('REDISLOCK_TEST_PORT')]]],
    ]));
    (new Illuminate\Cache\CacheServiceProvider($app))->register();
    return $app;
}

// Registered before boot: nothing happens until boot().
$app = late_app(['locks' => ['driver' => 'redislock', 'connection' => 'default']]);
(new RedisLock\Bridge\Laravel\RedisLockServiceProvider($app))->register();
try {
    $app['cache']->store('locks');
    echo "driver before boot: yes\n";
} catch (InvalidArgumentException $e) {
    echo 'driver before boot: ', $e->getMessage(), "\n";
}
$app->boot();
echo 'after boot: ', get_class($app['cache']->store('locks')->getStore()), "\n";

// Registered after boot: the driver is there at once.
$app = late_app(['locks' => ['driver' => 'redislock', 'connection' => 'default']]);
$app->boot();
(new RedisLock\Bridge\Laravel\RedisLockServiceProvider($app))->register();
$lock = $app['cache']->store('locks')->lock($name = rl_name(), 10);
echo 'registered late: ', get_class($lock), ' ', var_export($lock->get(), true), ' ', var_export($lock->release(), true), "\n";

// And the boot check runs at once: a data store of Laravel's redis driver whose
// client class is missing (a client name Laravel's check knows, class absent).
if (!class_exists(Predis\Client::class)) {
    $app = late_app(['locks' => ['driver' => 'redislock', 'data_store' => 'data'], 'data' => ['driver' => 'redis']]);
    $app['config']->set('database.redis.client', 'predis');
    $app->boot();
    try {
        (new RedisLock\Bridge\Laravel\RedisLockServiceProvider($app))->register();
        echo "no check\n";
    } catch (LogicException $e) {
        echo 'checked at once: ', str_contains($e->getMessage(), 'Cache store [locks]') && str_contains($e->getMessage(), 'predis') ? 'names the store and the client' : $e->getMessage(), "\n";
    }
} else {
    echo "checked at once: names the store and the client\n";
}
?>
--EXPECT--
driver before boot: Driver [redislock] is not supported.
after boot: RedisLock\Bridge\Laravel\LockStore
registered late: RedisLock\Bridge\Laravel\Lock true true
checked at once: names the store and the client
