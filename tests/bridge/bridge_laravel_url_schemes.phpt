--TEST--
Laravel bridge: a redis connection given as a url in each of Laravel's forms resolves the redislock store on that server and database
--DESCRIPTION--
Laravel bridge: a redis connection given as a url in each of Laravel's forms
(tcp://...?database=N, redis://, unix://, tls:// and rediss:// with a "context"
of ssl options) resolves the redislock store, whose locks are taken on that
server and database, instead of a ValueError from the url handed on unchanged
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
$tlsPort = rl_env('REDISLOCK_TEST_TLS_PORT');
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$ssl = ['cafile' => "$dir/ca.crt", 'local_cert' => "$dir/client.crt", 'local_pk' => "$dir/client.key"];
$connections = [
    'tcp' => ['url' => "tcp://$host:$port?database=3"],
    'redis' => ['url' => "redis://$host:$port/4"],
    'unix' => ['url' => 'unix://' . rl_env('REDISLOCK_TEST_SOCKET') . '?database=5'],
    'tls' => ['url' => "tls://$host:$tlsPort", 'context' => ['stream' => $ssl], 'timeout' => 10, 'read_timeout' => 10],
    'rediss' => ['url' => "rediss://$host:$tlsPort", 'context' => ['ssl' => $ssl], 'timeout' => 10, 'read_timeout' => 10],
];
$stores = [];
foreach (array_keys($connections) as $form) {
    $stores[$form] = ['driver' => 'redislock', 'lock_connection' => $form, 'prefix' => ''];
}
$app = redislock_laravel_app(['cache' => ['stores' => $stores], 'database' => ['redis' => $connections]]);

$raw = new RawRedis();
foreach (array_keys($connections) as $form) {
    $name = rl_name("-$form");
    $lock = $app['cache']->store($form)->lock($name, 10);
    $got = $lock->get();
    if (isset($connections[$form]['context'])) {
        $where = (new RedisLock(rl_tls_options()))->isLocked($name) ? 'TLS server' : 'not found';
    } else {
        $where = 'not found';
        foreach ([0, 3, 4, 5] as $db) {
            $raw->call('SELECT', (string) $db);
            if ($raw->call('EXISTS', l4_key($name)) === 1) {
                $where = "database $db";
            }
        }
    }
    echo "$form: ", var_export($got, true), ", $where, released ", var_export($lock->release(), true), "\n";
}
?>
--EXPECT--
tcp: true, database 3, released true
redis: true, database 4, released true
unix: true, database 5, released true
tls: true, TLS server, released true
rediss: true, TLS server, released true
