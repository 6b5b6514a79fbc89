--TEST--
Connections: timeouts outside 0.001 to 1e9 seconds are refused (options, DSN, INI), and a Redlock member on a unix socket cannot silently drop the TLS asked for
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$cases = [
    ['read_timeout' => 1e300],
    ['connect_timeout' => 1e-300],
    ['read_timeout' => 0.0005],
    'redis://127.0.0.1:6999?connect_timeout=1e300',
    'redis://127.0.0.1:6999?read_timeout=1e-300',
    ['tls' => true, 'redlock' => [['socket' => '/tmp/redis.sock'], 'redis://127.0.0.1:6998', 'redis://127.0.0.1:6997']],
    ['redlock' => [['socket' => '/tmp/redis.sock', 'tls' => true]]],
];
foreach ($cases as $case) {
    try {
        new RedisLock($case);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
/* An INI value out of range is refused; the setting keeps its value. */
var_dump(ini_set('redislock.read_timeout', '1e300'), ini_get('redislock.read_timeout'));
var_dump(ini_set('redislock.connect_timeout', '0'), ini_get('redislock.connect_timeout'));
var_dump(ini_set('redislock.connect_timeout', '0.25'), ini_get('redislock.connect_timeout'));
?>
--EXPECTF--
RedisLock::__construct(): Argument #1 ($connection) option "read_timeout" must be a finite number of seconds between 0.001 and 1e9
RedisLock::__construct(): Argument #1 ($connection) option "connect_timeout" must be a finite number of seconds between 0.001 and 1e9
RedisLock::__construct(): Argument #1 ($connection) option "read_timeout" must be a finite number of seconds between 0.001 and 1e9
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: connect_timeout must be a number of seconds between 0.001 and 1e9
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: read_timeout must be a number of seconds between 0.001 and 1e9
RedisLock::__construct(): Argument #1 ($connection) option "redlock" lists a unix socket, which cannot use the TLS the outer options ask for
RedisLock::__construct(): Argument #1 ($connection) cannot use TLS over a unix socket
bool(false)
string(3) "2.0"
bool(false)
string(3) "1.0"
string(3) "1.0"
string(4) "0.25"
