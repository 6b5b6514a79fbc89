--TEST--
RedisLock: an object destroyed after a lost acquisition reply deletes the lock the late acquisition created
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options(['read_timeout' => 0.2]));
var_dump($lock->lock($name . ':warmup'), $lock->unlock($name . ':warmup'));
/* The server (this test's own) is busy for 3 s, far longer than read_timeout. */
$stall = $server->stall(3.0);
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
