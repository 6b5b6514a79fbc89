--TEST--
Fault: a server that stops answering makes lock() throw RedisLockTimeoutException once read_timeout has passed, before the server answers again
--DESCRIPTION--
Fault: a server that stops answering (CLIENT PAUSE ALL, longer than
read_timeout) makes lock() throw RedisLockTimeoutException, not before
read_timeout and while the server still serves nobody; once it answers again, no lock of ours is left behind and the
object works
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$read_timeout = 0.3;
$lock = new RedisLock($server->options(['read_timeout' => $read_timeout]));
var_dump($lock->lock("$name:warm"), $lock->unlock("$name:warm"));   // connected, script loaded

/* From a second connection: nobody is served for 4 s (a PING then waits less than RawRedis's 5 s). */
var_dump($raw->call('CLIENT', 'PAUSE', '4000', 'ALL'));
[$e, $result, $took] = fault_timed(fn() => $lock->lock($name, 0, 30));
echo $e ? get_class($e) : 'no exception: ' . var_export($result, true), "\n";
/* Not before read_timeout (less clock rounding); that the server was still
 * paused is the exception itself (after the pause, lock() would succeed). */
echo $took >= 0.8 * $read_timeout ? "not before read_timeout\n" : "after $took s\n";
echo $e && str_contains($e->getMessage(), "127.0.0.1:{$server->port}") ? "names the server\n" : "message: " . ($e ? $e->getMessage() : '') . "\n";

/* Wait until the pause is over (PING is answered only then), then use the same object again. */
var_dump($raw->call('PING'));
var_dump($lock->isLocking($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->lock($name), $lock->isLocking($name), $lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
string(2) "OK"
RedisLockTimeoutException
not before read_timeout
names the server
string(4) "PONG"
bool(false)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
