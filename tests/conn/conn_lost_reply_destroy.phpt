--TEST--
RedisLock: an object destroyed after a lost acquisition reply deletes the lock the late acquisition created
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_options(['read_timeout' => 0.2]));
var_dump($lock->lock($name . ':warmup'), $lock->unlock($name . ':warmup'));
$stall = rl_stall_server(0.6);
usleep(50000);
try {
    var_dump($lock->lock($name, 0, 30));
} catch (RedisLockTimeoutException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
var_dump($raw->call('EXISTS', "Lock:$name"));
unset($lock);
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
RedisLockTimeoutException
int(1)
int(0)
