--TEST--
Laravel bridge: a connection's url is merged with its separate keys as Laravel's ConfigurationUrlParser merges them
--DESCRIPTION--
Laravel bridge: a connection's url is merged with its separate keys as Laravel's
ConfigurationUrlParser merges them: password, username and database given beside
the url (as config/database.php sets url and password side by side) are used,
and the url's own user, password and database win over them
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$host = rl_env('REDISLOCK_TEST_HOST');
$auth = rl_env('REDISLOCK_TEST_AUTH_PORT');
$connections = [
    // Laravel's default config/database.php: url, and password beside it.
    'beside' => ['url' => "redis://$host:$auth", 'host' => 'unused.invalid', 'password' => 'secret', 'username' => null, 'port' => '1', 'database' => '6'],
    'acl' => ['url' => "tcp://$host:$auth", 'username' => 'alice', 'password' => 'wonderland', 'database' => 0],
    'url-wins' => ['url' => "redis://alice:wonderland@$host:$auth/7", 'username' => 'bob', 'password' => 'wrong', 'database' => '2'],
    'query-wins' => ['url' => "redis://:secret@$host:$auth/1?database=8", 'database' => '2'],
    'no-password' => ['url' => "redis://$host:$auth", 'password' => null],
];
$stores = [];
foreach (array_keys($connections) as $name) {
    $stores[$name] = ['driver' => 'redislock', 'lock_connection' => $name, 'prefix' => ''];
}
$app = redislock_laravel_app(['cache' => ['stores' => $stores], 'database' => ['redis' => $connections]]);

$raw = new RawRedis((int) $auth, 'secret');
foreach (array_keys($connections) as $connection) {
    $name = rl_name("-$connection");
    try {
        $lock = $app['cache']->store($connection)->lock($name, 10);
        $got = $lock->get();
    } catch (RedisLockException $e) {
        echo "$connection: ", get_class($e), "\n";
        continue;
    }
    $where = 'not found';
    foreach ([0, 1, 2, 6, 7, 8] as $db) {
        $raw->call('SELECT', (string) $db);
        if ($raw->call('EXISTS', l4_key($name)) === 1) {
            $where = "database $db";
        }
    }
    echo "$connection: ", var_export($got, true), ", $where, released ", var_export($lock->release(), true), "\n";
}
?>
--EXPECT--
beside: true, database 6, released true
acl: true, database 0, released true
url-wins: true, database 7, released true
query-wins: true, database 8, released true
no-password: RedisLockServerException
