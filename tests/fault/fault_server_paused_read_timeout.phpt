--TEST--
Fault: a server that stops answering makes lock() throw RedisLockTimeoutException after about read_timeout
--DESCRIPTION--
Fault: a server that stops answering (CLIENT PAUSE ALL, longer than
read_timeout) makes lock() throw RedisLockTimeoutException after about
read_timeout; once it answers again, no lock of ours is left behind and the
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

/* From a second connection: nobody is served for 2.5 s. */
var_dump($raw->call('CLIENT', 'PAUSE', '2500', 'ALL'));
$paused_at = microtime(true);
[$e, $result, $took] = fault_timed(fn() => $lock->lock($name, 0, 30));
echo $e ? get_class($e) : 'no exception: ' . var_export($result, true), "\n";
/* A loose window: never less than 0.8x read_timeout, never more than 3x plus slack. */
echo $took >= 0.8 * $read_timeout && $took <= 3 * $read_timeout + 0.5 ? "after about read_timeout\n" : "after $took s\n";
echo $e && str_contains($e->getMessage(), "127.0.0.1:{$server->port}") ? "names the server\n" : "message: " . ($e ? $e->getMessage() : '') . "\n";

/* Wait until the pause is over, then use the same object again. */
usleep(max(0, (int) (($paused_at + 2.8 - microtime(true)) * 1e6)));
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
after about read_timeout
names the server
bool(false)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
