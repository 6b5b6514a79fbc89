--TEST--
Laravel bridge: a redislock store whose config names the store itself under "store" resolves to a lock-only store
--DESCRIPTION--
Laravel bridge: a redislock store whose config names the store itself under
"store" (as Laravel 11 and later pass every store's config) resolves to a
lock-only store instead of wrapping itself forever; "data_store", or a "store"
naming a store of another driver, is where the data goes
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$name = rl_name();
$app = redislock_laravel_app([
    'cache' => ['prefix' => 'own-name', 'stores' => [
        'locks' => ['driver' => 'redislock', 'store' => 'locks', 'lock_connection' => 'default'],
        'withdata' => ['driver' => 'redislock', 'data_store' => 'memory'],
        'legacy' => ['driver' => 'redislock', 'store' => 'memory'],
        'nested' => ['driver' => 'redislock', 'data_store' => 'locks'],
        'memory' => ['driver' => 'array'],
    ]],
    'database' => ['redis' => ['default' => ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => rl_env('REDISLOCK_TEST_PORT')]]],
]);

$locks = $app['cache']->store('locks');
echo get_class($locks->getStore()), ' over ', get_class($locks->getStore()->getInnerStore()), "\n";
$lock = $locks->lock($name, 10);
var_dump($lock->get(), $locks->lock($name, 10)->get(), $lock->release());

foreach (['withdata', 'legacy'] as $store) {
    $repository = $app['cache']->store($store);
    echo $store, ': ', get_class($repository->getStore()->getInnerStore()), "\n";
    $repository->forever('k', $store);
    var_dump($repository->get('k'));
}
try {
    $app['cache']->store('nested');
} catch (InvalidArgumentException $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
RedisLock\Bridge\Laravel\LockStore over Illuminate\Cache\NullStore
bool(true)
bool(false)
bool(true)
withdata: Illuminate\Cache\ArrayStore
string(8) "withdata"
legacy: Illuminate\Cache\ArrayStore
string(6) "legacy"
Cache store [locks] is a redislock store; data_store must name a store that keeps data.
