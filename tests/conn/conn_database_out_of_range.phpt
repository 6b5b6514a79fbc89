--TEST--
RedisLock: a database the server does not have throws RedisLockServerException from the first call, naming host:port and SELECT
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
foreach (["redis://$host:$port/999", rl_options(['database' => 999])] as $connection) {
    $lock = new RedisLock($connection);
    try {
        var_dump($lock->lock(rl_name()));
    } catch (RedisLockServerException $e) {
        echo get_class($e), ': ', str_replace("$host:$port", 'HOST:PORT', $e->getMessage()), "\n";
    }
}
?>
--EXPECTF--
RedisLockServerException: SELECT on HOST:PORT failed: ERR %s
RedisLockServerException: SELECT on HOST:PORT failed: ERR %s
