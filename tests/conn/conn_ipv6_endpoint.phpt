--TEST--
RedisLock: an IPv6 host (DSN in brackets or option "host") is shown and reported as [addr]:port
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$port = rl_dead_port();
foreach (["redis://[::1]:$port/2", ['host' => '::1', 'port' => $port]] as $connection) {
    $lock = new RedisLock($connection);
    preg_match('/\[endpoint\] => (.*)/', print_r($lock, true), $m);
    echo str_replace((string) $port, 'PORT', $m[1]), "\n";
    try {
        var_dump($lock->lock('x'));
    } catch (RedisLockException $e) {
        echo $e instanceof RedisLockConnectionException || $e instanceof RedisLockTimeoutException ? 'cannot connect' : get_class($e), ', ',
            str_contains($e->getMessage(), "[::1]:$port") ? 'names [::1]:PORT' : $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
[::1]:PORT
cannot connect, names [::1]:PORT
[::1]:PORT
cannot connect, names [::1]:PORT
