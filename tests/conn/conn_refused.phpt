--TEST--
RedisLock: constructing with a dead port does not connect; the first call throws RedisLockConnectionException at once, naming host:port (or the socket)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_dead_port();
$start = microtime(true);
$lock = new RedisLock(['host' => $host, 'port' => $port, 'connect_timeout' => 2]);
$unlocked = new RedisLock("redis://$host:$port");
echo "constructed\n";
/* Calls that need no server answer without one. */
var_dump($lock->unlock('x'), $lock->isLocking('x'), $lock->expire('x', 1), $lock->unlockAll());
foreach (['lock' => fn() => $lock->lock('x'), 'lock with timeout' => fn() => $lock->lock('x', 0.2)] as $what => $call) {
    $t = microtime(true);
    try {
        var_dump($call());
    } catch (RedisLockException $e) {
        $elapsed = microtime(true) - $t;
        echo "$what: ", get_class($e), ', ', str_contains($e->getMessage(), "$host:$port") ? 'names host:port' : 'message: ' . $e->getMessage(),
            ', ', $elapsed < 1 ? 'fast' : "took $elapsed s", "\n";
    }
}
/* The same for a unix socket that does not exist. */
$missing = rl_env('REDISLOCK_TEST_TMP') . '/no-such-dir/redis.sock';
$t = microtime(true);
try {
    var_dump((new RedisLock("unix://$missing"))->lock('x'));
} catch (RedisLockException $e) {
    echo "unix socket: ", get_class($e), ', ', str_contains($e->getMessage(), $missing) ? 'names the socket' : 'message: ' . $e->getMessage(),
        ', ', microtime(true) - $t < 1 ? 'fast' : 'slow', "\n";
}
unset($lock, $unlocked);
echo "destroyed\n";
?>
--EXPECT--
constructed
bool(false)
bool(false)
bool(false)
bool(true)
lock: RedisLockConnectionException, names host:port, fast
lock with timeout: RedisLockConnectionException, names host:port, fast
unix socket: RedisLockConnectionException, names the socket, fast
destroyed
