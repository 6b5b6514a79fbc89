--TEST--
RedisLock: constructing with a dead port does not connect; the first call throws RedisLockConnectionException without waiting out connect_timeout, naming host:port (or the socket)
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_dead_port();
$start = microtime(true);
/* A refused connection is reported at once, not after connect_timeout: 60 s,
 * which no call here comes near even on a loaded host (30 s tells them apart). */
$lock = new RedisLock(['host' => $host, 'port' => $port, 'connect_timeout' => 60]);
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
            ', ', $elapsed < 30 ? 'not waiting out connect_timeout' : "took $elapsed s", "\n";
    }
}
/* The same for a unix socket that does not exist. */
$missing = rl_env('REDISLOCK_TEST_TMP') . '/no-such-dir/redis.sock';
$t = microtime(true);
try {
    var_dump((new RedisLock("unix://$missing?connect_timeout=60"))->lock('x'));
} catch (RedisLockException $e) {
    echo "unix socket: ", get_class($e), ', ', str_contains($e->getMessage(), $missing) ? 'names the socket' : 'message: ' . $e->getMessage(),
        ', ', microtime(true) - $t < 30 ? 'not waiting out connect_timeout' : 'slow', "\n";
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
lock: RedisLockConnectionException, names host:port, not waiting out connect_timeout
lock with timeout: RedisLockConnectionException, names host:port, not waiting out connect_timeout
unix socket: RedisLockConnectionException, names the socket, not waiting out connect_timeout
destroyed
