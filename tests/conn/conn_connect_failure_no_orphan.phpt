--TEST--
RedisLock: an acquisition that failed to connect sent nothing, so it is not remembered as lost: later calls and the destructor do not reconnect to clean it up
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
/* A listener with a backlog of 0 that never accepts: once its queue is full, a
 * connect hangs until connect_timeout (a blackholed host, on loopback). */
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
$lock = new RedisLock("redis://$address?connect_timeout=0.5");
foreach (['lock' => fn() => $lock->lock('a'), 'lockMany' => fn() => $lock->lockMany(['b', 'c'])] as $what => $call) {
    try {
        $call();
        echo "$what: no exception\n";
    } catch (RedisLockException $e) {
        echo "$what: ", get_class($e), "\n";
    }
}
/* Calls that need no server answer at once; the destructor has nothing to do. */
$t = microtime(true);
var_dump($lock->unlock('a'), $lock->unlockAll());
unset($lock);
$took = microtime(true) - $t;
echo $took < 0.25 ? "no reconnect\n" : "took $took s\n";
?>
--EXPECT--
lock: RedisLockTimeoutException
lockMany: RedisLockTimeoutException
bool(false)
bool(true)
no reconnect
