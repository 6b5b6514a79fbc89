--TEST--
Watchdog: a server that serves nobody for longer than the lease costs the hold, and the holder learns it
--DESCRIPTION--
Watchdog: a server that serves nobody for longer than the lease (CLIENT PAUSE
1000 ALL on a server of the test's own, lease 0.3 s, read_timeout 0.2 s) costs
the hold: afterwards the holder's isLocking() is false and unlock() false, and
another client takes the lock at once
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => $lease], 'read_timeout' => 0.2]));
var_dump($lock->lock($name, 0, 60));
usleep(500000);
var_dump($raw->call('CLIENT', 'PAUSE', '1000', 'ALL'));
usleep(1300000);
var_dump($lock->isLocking($name), $lock->unlock($name));
$other = new RedisLock($server->options());
var_dump($other->lock($name), $other->unlock($name));
?>
--EXPECT--
bool(true)
string(2) "OK"
bool(false)
bool(false)
bool(true)
bool(true)
