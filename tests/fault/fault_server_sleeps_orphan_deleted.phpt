--TEST--
Fault: a lock() timed out by a sleeping server is deleted by the object's next call once the server runs it late
--DESCRIPTION--
Fault: a server that sleeps (DEBUG SLEEP) longer than read_timeout makes lock()
throw RedisLockTimeoutException after about read_timeout; the acquisition the
server runs late is remembered, and the object's next call deletes that lock by
its token
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'local']);
$raw = $server->raw();
$name = rl_name();
$read_timeout = 0.3;
$lock = new RedisLock($server->options(['read_timeout' => $read_timeout]));
var_dump($lock->lock("$name:warm"), $lock->unlock("$name:warm"));   // connected, script loaded

/* A second connection puts the server to sleep for 2 s; its reply is read later. */
$sleeper = stream_socket_client("tcp://127.0.0.1:{$server->port}", $errno, $errstr, 2.0);
stream_set_timeout($sleeper, 10);
fwrite($sleeper, "*3\r\n\$5\r\nDEBUG\r\n\$5\r\nSLEEP\r\n\$1\r\n2\r\n");
usleep(100000);   // the server is asleep now; our command waits in its socket buffer
[$e, $result, $took] = fault_timed(fn() => $lock->lock($name, 0, 30));
echo $e ? get_class($e) : 'no exception: ' . var_export($result, true), "\n";
echo $took >= 0.8 * $read_timeout && $took <= 3 * $read_timeout + 0.5 ? "after about read_timeout\n" : "after $took s\n";

/* The server wakes up and runs the acquisition nobody waits for any more. */
var_dump(fgets($sleeper));
$pttl = $raw->call('PTTL', "Lock:$name");
echo $pttl > 25000 ? "a 30 s lock exists that nobody holds\n" : "PTTL $pttl\n";

/* The object's next call, on another name, deletes it first. */
var_dump($lock->isLocking($name));
var_dump($lock->lock("$name:other"), $lock->unlock("$name:other"));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
RedisLockTimeoutException
after about read_timeout
string(5) "+OK
"
a 30 s lock exists that nobody holds
bool(false)
bool(true)
bool(true)
int(0)
