--TEST--
Fault: a lock() timed out by a sleeping server is deleted by the object's next call once the server runs it late
--DESCRIPTION--
Fault: a server that sleeps (DEBUG SLEEP) longer than read_timeout makes lock()
throw RedisLockTimeoutException, not before read_timeout; the acquisition the
server runs late is remembered, and the object's next call deletes that lock by
its token
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$name = rl_name();
$read_timeout = 0.3;
$lock = new RedisLock($server->options(['read_timeout' => $read_timeout]));
var_dump($lock->lock("$name:warm"), $lock->unlock("$name:warm"));   // connected, script loaded

/* A second connection puts the server to sleep for 3 s; its reply is read later.
 * The server is asleep once stall() returns; our command waits in its socket buffer. */
$sleeper = $server->stall(3.0);
[$e, $result, $took] = fault_timed(fn() => $lock->lock($name, 0, 30));
echo $e ? get_class($e) : 'no exception: ' . var_export($result, true), "\n";
/* Not before read_timeout (less clock rounding); that the server still slept is
 * the exception itself (once it wakes, lock() succeeds). */
echo $took >= 0.8 * $read_timeout ? "not before read_timeout\n" : "after $took s\n";

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
not before read_timeout
string(5) "+OK
"
a 30 s lock exists that nobody holds
bool(false)
bool(true)
bool(true)
int(0)
