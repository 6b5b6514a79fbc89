--TEST--
RedisLock::synchronized(): a release whose reply is lost (writes paused past read_timeout) throws, and is remembered: the lock is cleaned up by the next call, not left for its whole lifetime
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options(['read_timeout' => 0.3]));
try {
    $lock->synchronized($name, function () use ($raw) {
        /* From another connection: writes (scripts included) wait for 1.2 s. */
        $raw->call('CLIENT', 'PAUSE', '1200', 'WRITE');
        return 'done';
    }, 0, 60);
    echo "no exception\n";
} catch (RedisLockException $e) {
    echo get_class($e), "\n";
}
usleep(1500000);
/* The paused release may or may not have run once the pause ended; either way
 * the next call through the object makes sure the lock is gone. */
var_dump($lock->isLocked("$name:other"));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
RedisLockTimeoutException
bool(false)
int(0)
