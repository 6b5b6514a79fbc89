--TEST--
TLS: a failed handshake never reaches a set_error_handler() callback (which PHP calls whatever error_reporting says); its cause is in the exception alone
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$seen = [];
set_error_handler(function (int $no, string $message) use (&$seen): bool {
    $seen[] = $message;
    return true;
});
$cases = [
    'a certificate the CA did not sign' => [rl_tls_options(['cafile' => "$dir/other-ca.crt"]), 'certificate verify failed'],
    /* A plain server does not answer a ClientHello: the handshake runs out of time. */
    'a server that does not speak TLS' => [rl_options(['tls' => ['cafile' => "$dir/ca.crt"], 'connect_timeout' => 0.3]), 'SSL'],
];
foreach ($cases as $what => [$options, $cause]) {
    $lock = new RedisLock($options);
    try {
        $lock->lock(rl_name());
        echo "$what: no exception\n";
    } catch (RedisLockConnectionException $e) {
        echo "$what: ", get_class($e), ', ', str_contains($e->getMessage(), $cause) ? 'names the cause' : $e->getMessage(), "\n";
    }
}
restore_error_handler();
var_dump($seen);
?>
--EXPECT--
a certificate the CA did not sign: RedisLockConnectionException, names the cause
a server that does not speak TLS: RedisLockConnectionException, names the cause
array(0) {
}
