--TEST--
TLS: a server certificate that the configured CA did not sign fails with a connection error saying verification failed
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$lock = new RedisLock(rl_tls_options(['cafile' => "$dir/other-ca.crt"]));
try {
    $lock->lock(rl_name());
    echo "no exception\n";
} catch (RedisLockConnectionException $e) {
    var_dump(str_contains($e->getMessage(), 'connect to 127.0.0.1:' . rl_env('REDISLOCK_TEST_TLS_PORT')));
    var_dump(str_contains($e->getMessage(), 'certificate verify failed'));
}
?>
--EXPECT--
bool(true)
bool(true)
