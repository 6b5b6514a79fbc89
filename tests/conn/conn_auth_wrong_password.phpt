--TEST--
RedisLock: a wrong password throws RedisLockServerException naming host:port and the server's refusal, never the password
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$cases = [
    "redis://:Sesame-Opens-1@$host:$port",
    "redis://alice:Sesame-Opens-2@$host:$port",
    ['host' => $host, 'port' => $port, 'password' => 'Sesame-Opens-3'],
    ['host' => $host, 'port' => $port, 'user' => 'nobody', 'password' => 'Sesame-Opens-4'],
];
foreach ($cases as $i => $connection) {
    $lock = new RedisLock($connection);
    try {
        var_dump($lock->lock(rl_name()));
    } catch (RedisLockException $e) {
        $m = $e->getMessage();
        echo get_class($e), ': ',
            str_contains($m, "$host:$port") ? 'names the server' : "no server in: $m", ', ',
            preg_match('/WRONGPASS|invalid (username-)?password/i', $m) ? 'says the password is wrong' : "no reason in: $m", ', ',
            str_contains($m, 'Sesame') || str_contains($e->getTraceAsString(), 'Sesame') ? 'LEAKS THE PASSWORD' : 'no password', "\n";
    }
    /* Every later call fails the same way; nothing is cached as connected. */
    try {
        $lock->isLocking('x');
        $lock->lock(rl_name());
        echo "second call succeeded\n";
    } catch (RedisLockServerException $e) {
        echo "again: ", get_class($e), "\n";
    }
}
?>
--EXPECT--
RedisLockServerException: names the server, says the password is wrong, no password
again: RedisLockServerException
RedisLockServerException: names the server, says the password is wrong, no password
again: RedisLockServerException
RedisLockServerException: names the server, says the password is wrong, no password
again: RedisLockServerException
RedisLockServerException: names the server, says the password is wrong, no password
again: RedisLockServerException
