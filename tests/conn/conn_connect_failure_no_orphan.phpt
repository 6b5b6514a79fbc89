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
/* Calls that need no server answer without one; the destructor has nothing to
 * do. The address now gets a listener that accepts, which any reconnection
 * would reach: none arrives. */
foreach ($fillers as $c) {
    fclose($c);
}
fclose($server);
$listener = stream_socket_server("tcp://$address", $errno, $errstr);
echo $listener ? "listening again\n" : "could not listen again: $errstr\n";
var_dump($lock->unlock('a'), $lock->unlockAll());
unset($lock);
echo @stream_socket_accept($listener, 0) ? "reconnected\n" : "no reconnect\n";
?>
--EXPECT--
lock: RedisLockTimeoutException
lockMany: RedisLockTimeoutException
listening again
bool(false)
bool(true)
no reconnect
