--TEST--
Laravel bridge: lock_connection names a redis connection or cluster of config/database.php; any other name is an InvalidArgumentException
--DESCRIPTION--
Laravel bridge: lock_connection names a connection of config/database.php's
redis section, or else a cluster under redis.clusters (its nodes the seeds,
locks taken on the cluster); a name that is neither is an
InvalidArgumentException, never a lock on a default local server (Laravel's
host and port when none is given)
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$nodes = [];
foreach (explode(',', rl_env('REDISLOCK_TEST_CLUSTER')) as $node) {
    [$h, $p] = explode(':', $node);
    $nodes[] = ['host' => $h, 'port' => $p, 'password' => null, 'database' => 0];
}
$app = redislock_laravel_app([
    'cache' => ['prefix' => 'names', 'stores' => [
        'named' => ['driver' => 'redislock', 'connection' => 'cache'],
        'cluster' => ['driver' => 'redislock', 'lock_connection' => 'locks-cluster'],
        'missing' => ['driver' => 'redislock', 'lock_connection' => 'nope'],
    ]],
    'database' => ['redis' => [
        'options' => ['cluster' => 'redis'],
        'default' => ['host' => '192.0.2.1', 'port' => 1],
        'cache' => ['host' => rl_env('REDISLOCK_TEST_HOST'), 'port' => rl_env('REDISLOCK_TEST_PORT'), 'database' => 0],
        'clusters' => ['locks-cluster' => $nodes],
    ]],
]);

foreach (['named', 'cluster'] as $store) {
    $lock = $app['cache']->store($store)->lock(rl_name("-$store"), 10);
    var_dump($lock->getConnectionName(), $lock->get(), $lock->isLocked(), $lock->release());
}
$check = new RedisLock(['cluster' => explode(',', rl_env('REDISLOCK_TEST_CLUSTER'))]);
$lock = $app['cache']->store('cluster')->lock('on-the-cluster', 10);
var_dump($lock->get(), $check->isLocked('names:on-the-cluster'), $lock->release());
try {
    $app['cache']->store('missing');
} catch (InvalidArgumentException $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
string(5) "cache"
bool(true)
bool(true)
bool(true)
string(13) "locks-cluster"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
Redis connection [nope] not configured.
