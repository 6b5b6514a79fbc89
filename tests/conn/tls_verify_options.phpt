--TEST--
TLS: verify_peer, verify_peer_name, local_cert and cafile each take effect as PHP's ssl context options mean them
--DESCRIPTION--
TLS: verify_peer => false accepts a certificate no configured CA signed;
verify_peer_name => false accepts a peer_name the certificate does not carry; a
missing local_cert fails naming the file; without a cafile only the system's CAs
are trusted, which did not sign the test server's certificate
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$missing = "$dir/no-such-client.crt";
$system_only = rl_tls_options();
unset($system_only['tls']['cafile']);
$cases = [
    'another CA, verify_peer off' => [rl_tls_options(['cafile' => "$dir/other-ca.crt", 'verify_peer' => false]), null],
    'wrong peer_name, verify_peer_name off' => [rl_tls_options(['peer_name' => 'wrong.example', 'verify_peer_name' => false]), null],
    'missing local_cert' => [rl_tls_options(['local_cert' => $missing]), $missing],
    'system CAs only' => [$system_only, 'certificate verify failed'],
];
foreach ($cases as $what => [$options, $cause]) {
    $lock = new RedisLock($options);
    $name = rl_name();
    try {
        $ok = $lock->lock($name);
        echo "$what: lock() ", var_export($ok, true), ', unlock() ', var_export($lock->unlock($name), true), "\n";
    } catch (RedisLockException $e) {
        echo "$what: ", get_class($e), ', ', $cause !== null && str_contains($e->getMessage(), $cause) ? 'names the cause' : 'message: ' . $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
another CA, verify_peer off: lock() true, unlock() true
wrong peer_name, verify_peer_name off: lock() true, unlock() true
missing local_cert: RedisLockConnectionException, names the cause
system CAs only: RedisLockConnectionException, names the cause
