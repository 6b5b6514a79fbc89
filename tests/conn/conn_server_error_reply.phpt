--TEST--
RedisLock: an error reply from Redis (OOM) makes lock() throw RedisLockServerException naming host:port and the error; held locks can still be released
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock("$name:held"));
$raw->call('CONFIG', 'SET', 'maxmemory', '1');
try {
    try {
        var_dump($lock->lock("$name:new"));
    } catch (RedisLockServerException $e) {
        echo get_class($e), ': ', str_replace(rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT'), 'HOST:PORT', $e->getMessage()), "\n";
    }
    var_dump($lock->isLocking("$name:new"));
    var_dump($raw->call('EXISTS', "Lock:$name:new"));
    var_dump($lock->unlock("$name:held"));
} finally {
    $raw->call('CONFIG', 'SET', 'maxmemory', '0');
}
var_dump($raw->call('EXISTS', "Lock:$name:held"));
/* Once Redis accepts writes again, so does the object. */
var_dump($lock->lock("$name:new"), $lock->unlock("$name:new"));
?>
--EXPECTF--
bool(true)
RedisLockServerException: %sHOST:PORT%sOOM command not allowed%s
bool(false)
int(0)
bool(true)
int(0)
bool(true)
bool(true)
