--TEST--
TLS: against a server with tls-auth-clients yes, a connection without a client certificate fails and one with it works
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$anonymous = new RedisLock(['host' => '127.0.0.1', 'port' => (int) rl_env('REDISLOCK_TEST_TLS_PORT'),
    'tls' => ['cafile' => "$dir/ca.crt"], 'read_timeout' => 1.0]);
try {
    $anonymous->lock(rl_name());
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
    var_dump(str_contains($e->getMessage(), '127.0.0.1:' . rl_env('REDISLOCK_TEST_TLS_PORT')));
}
$client = new RedisLock(rl_tls_options());
var_dump($client->lock(rl_name()));
?>
--EXPECT--
RedisLockConnectionException
bool(true)
bool(true)
