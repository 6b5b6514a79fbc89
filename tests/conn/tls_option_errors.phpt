--TEST--
TLS: bad TLS settings are refused at construction with a ValueError or TypeError naming them
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$cases = [
    'redis://127.0.0.1:6999?cafile=/x',
    'rediss://127.0.0.1:6999?verify_peer=maybe',
    ['tls' => ['bogus' => 1]],
    ['tls' => ['verify_peer' => 'yes']],
    ['tls' => ['cafile' => 42]],
    ['tls' => 'yes'],
    ['socket' => '/tmp/redis.sock', 'tls' => true],
];
foreach ($cases as $case) {
    try {
        new RedisLock($case);
        echo "accepted\n";
    } catch (ValueError|TypeError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: TLS options need the rediss:// scheme
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: verify_peer must be 0 or 1
ValueError: RedisLock::__construct(): Argument #1 ($connection) option "tls" contains an unknown entry "bogus" (known: cafile, capath, local_cert, local_pk, verify_peer, verify_peer_name, peer_name)
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "tls" entry "verify_peer" must be of type bool, string given
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "tls" entry "cafile" must be of type string, int given
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "tls" must be of type array|bool, string given
ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use TLS over a unix socket
