--TEST--
RedisLock: a server that accepts but never answers makes lock() throw RedisLockTimeoutException, not before read_timeout and without hanging, naming host:port and the time
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
/* The kernel completes the handshake; nobody ever reads or answers. */
$server = stream_socket_server('tcp://127.0.0.1:0');
$address = stream_socket_get_name($server, false);
$lock = new RedisLock("redis://$address?read_timeout=0.3");
foreach (['lock' => fn() => $lock->lock('x'), 'lock with timeout' => fn() => $lock->lock('y', 5, 15, 1000)] as $what => $call) {
    $start = microtime(true);
    try {
        var_dump($call());
    } catch (RedisLockException $e) {
        $elapsed = microtime(true) - $start;
        $m = $e->getMessage();
        echo "$what: ", get_class($e), ', ', str_contains($m, $address) ? 'names host:port' : "message: $m",
            ', ', preg_match('/0\.[0-9]{3} s/', $m) ? 'says how long' : "message: $m",
            /* Not before read_timeout (0.3 s, less clock rounding); 10 s only tells a
             * hang from a loaded host's delay. */
            ', ', $elapsed >= 0.25 && $elapsed < 10 ? 'not before 0.3 s' : "after $elapsed s", "\n";
    }
    var_dump($lock->isLocking('x'));
}
?>
--EXPECT--
lock: RedisLockTimeoutException, names host:port, says how long, not before 0.3 s
bool(false)
lock with timeout: RedisLockTimeoutException, names host:port, says how long, not before 0.3 s
bool(false)
