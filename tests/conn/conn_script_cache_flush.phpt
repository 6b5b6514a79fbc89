--TEST--
RedisLock: unlock(), expire() and unlockAll() still work after the server's script cache was flushed
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* SCRIPT FLUSH empties a whole server's script cache: this test's own server. */
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock("redis://127.0.0.1:{$server->port}");
var_dump($lock->lock($name . 'a'), $lock->lock($name . 'b'), $lock->lock($name . 'c'));
var_dump($lock->unlock($name . 'a'));
var_dump($raw->call('SCRIPT', 'FLUSH'));
var_dump($lock->expire($name . 'b', 0.5));
$pttl = $raw->call('PTTL', "Lock:{$name}b");
var_dump($pttl > 0 && $pttl <= 500);
var_dump($raw->call('SCRIPT', 'FLUSH'));
var_dump($lock->unlockAll());
var_dump($raw->call('EXISTS', "Lock:{$name}a", "Lock:{$name}b", "Lock:{$name}c"));
var_dump($raw->call('SCRIPT', 'FLUSH'));
var_dump($lock->lock($name . 'd'), $lock->unlock($name . 'd'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(2) "OK"
bool(true)
bool(true)
string(2) "OK"
bool(true)
int(0)
string(2) "OK"
bool(true)
bool(true)
