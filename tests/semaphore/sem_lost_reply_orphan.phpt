--TEST--
RedisSemaphore: when the reply to acquire() is lost (read timeout), it throws, and the permits the late acquisition took on the server are released by the object's next call
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: it is stalled, and tests running beside this one must not be. */
$server = new FaultServer(['--enable-debug-command', 'local']);
$raw = $server->raw();
$name = rl_name();
$sem = new RedisSemaphore($server->options(['read_timeout' => 0.2]));
$w = $sem->acquire("$name:warmup", 1);
var_dump(is_string($w), $sem->release("$name:warmup", $w));

/* The server is busy for 2 s (ten times the read timeout): our acquisition waits in its socket buffer. */
$stall = $server->stall(2.0);
try {
    var_dump($sem->acquire($name, 3, 0, 30, 2));
} catch (RedisLockTimeoutException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
/* The server took the permits after all, for nobody. */
var_dump($raw->call('ZCARD', sem_key($name)));

/* The next call cleans them up, then does its own work. */
$o = $sem->acquire("$name:other", 1);
var_dump(is_string($o));
var_dump($raw->call('ZCARD', sem_key($name)));
$t = $sem->acquire($name, 3, 0, 30, 3);
var_dump(is_string($t), $sem->release($name, $t), $sem->release("$name:other", $o));
?>
--EXPECT--
bool(true)
bool(true)
RedisLockTimeoutException
int(1)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
