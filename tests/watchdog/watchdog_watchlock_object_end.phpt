--TEST--
Watchdog: when the RedisLock object ends, a hold it watched for watchLock() is not released (it is not the object's own) but renewed no more: still held at once, gone within the lease plus a margin
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 5, fenced: false);
var_dump($lock->watchLock($name, $token, 60));
usleep(200000);
unset($lock);
$at = microtime(true);
var_dump($raw->call('GET', l4_key($name)) === $token);
$gone = wd_until_gone($raw, l4_key($name), $token, 3.0);
echo wd_ok($gone !== null && $gone <= $lease + 0.1, $gone), "\n";
?>
--EXPECT--
bool(true)
bool(true)
ok
