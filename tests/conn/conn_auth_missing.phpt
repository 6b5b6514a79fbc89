--TEST--
RedisLock: without a password on a server that requires one, lock() throws RedisLockServerException naming host:port and saying authentication is missing
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$lock = new RedisLock("redis://$host:$port");
$name = rl_name();
try {
    $lock->lock($name);
} catch (RedisLockServerException $e) {
    $m = $e->getMessage();
    echo get_class($e), ', ', str_contains($m, "$host:$port") ? 'names host:port' : "message: $m", ', ',
        preg_match('/NOAUTH|unauthenticated|Authentication required/i', $m) ? 'says authentication is missing' : "message: $m", "\n";
}
$raw = new RawRedis($port, 'secret');
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
RedisLockServerException, names host:port, says authentication is missing
int(0)
