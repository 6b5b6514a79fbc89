--TEST--
RedisLock: a server that never completes the TCP handshake makes the first call throw RedisLockTimeoutException, not before connect_timeout, and does not hang
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
/* A listener with a backlog of 0 that never accepts: once its queue is full, the
 * kernel drops further SYNs, so a connect hangs. */
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN,
    stream_context_create(['socket' => ['backlog' => 0]]));
$address = stream_socket_get_name($server, false);
$fillers = [];
for ($i = 0; $i < 8; $i++) {
    $c = @stream_socket_client("tcp://$address", $errno, $errstr, 0.2);
    if ($c) {
        $fillers[] = $c;
    }
}
$lock = new RedisLock("redis://$address?connect_timeout=0.4");
$start = microtime(true);
try {
    var_dump($lock->lock('x'));
} catch (RedisLockException $e) {
    $elapsed = microtime(true) - $start;
    echo get_class($e), ', ', str_contains($e->getMessage(), $address) ? 'names host:port' : 'message: ' . $e->getMessage(),
        /* Not before connect_timeout (0.4 s, less 0.1 s of clock rounding); 10 s only
         * tells a hang from a loaded host's delay. */
        ', ', $elapsed >= 0.3 && $elapsed < 10 ? 'not before 0.4 s' : "after $elapsed s", "\n";
}
?>
--EXPECT--
RedisLockTimeoutException, names host:port, not before 0.4 s
