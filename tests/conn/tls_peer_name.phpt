--TEST--
TLS: the server's name is verified by default; a peer_name the certificate does not carry is refused
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$lock = new RedisLock(rl_tls_options(['peer_name' => 'not-this-server.example']));
try {
    $lock->lock(rl_name());
    echo "no exception\n";
} catch (RedisLockConnectionException $e) {
    var_dump(str_contains($e->getMessage(), 'did not match expected name'));
}
$ok = new RedisLock(rl_tls_options(['peer_name' => 'localhost']));
var_dump($ok->lock(rl_name()));
?>
--EXPECT--
bool(true)
bool(true)
