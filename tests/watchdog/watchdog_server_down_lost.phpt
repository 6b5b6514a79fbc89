--TEST--
Watchdog: when the server is gone, the hold counts as lost once its lease ran out
--DESCRIPTION--
Watchdog: when the server is gone (killed), the renewals fail and the hold
counts as lost once its lease ran out: isLocking() answers false without a
server; once the server is back the object takes the lock again
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => $lease], 'connect_timeout' => 0.2, 'read_timeout' => 0.2]));
var_dump($lock->lock($name, 0, 60));
usleep(400000);
$server->kill();
usleep(600000);
[$e, $result] = fault_timed(fn() => $lock->isLocking($name));
echo $e ? get_class($e) . ': ' . $e->getMessage() : var_export($result, true), "\n";
$server->start();
var_dump($lock->lock($name), $lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
false
bool(true)
bool(true)
bool(true)
