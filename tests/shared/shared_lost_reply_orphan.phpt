--TEST--
RedisLock::lockShared(): a lost reply throws, and the share the late acquisition created is removed by the next call
--DESCRIPTION--
RedisLock::lockShared(): when its reply is lost (read timeout), it throws, the
object does not believe it holds the share, and the share the late acquisition
created is removed by the object's next call
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: it is stalled, and tests running beside this one must not be. */
$server = new FaultServer(['--enable-debug-command', 'local']);
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options(['read_timeout' => 0.2]));
var_dump($lock->lockShared("$name:warmup"), $lock->unlock("$name:warmup"));

$stall = $server->stall(2.0);
try {
    var_dump($lock->lockShared($name, 0, 30));
} catch (RedisLockTimeoutException $e) {
    echo get_class($e), "\n";
}
var_dump($lock->isLocking($name));
rl_stall_wait($stall);
var_dump(sh_count($raw, $name));

var_dump($lock->lockShared("$name:other"));
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($lock->lockShared($name), $lock->isLocking($name));
var_dump($lock->unlockAll(), $raw->call('EXISTS', l4_key($name), l4_key("$name:other")));
?>
--EXPECT--
bool(true)
bool(true)
RedisLockTimeoutException
bool(false)
int(1)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
