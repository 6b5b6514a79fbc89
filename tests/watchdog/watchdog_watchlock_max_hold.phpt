--TEST--
Watchdog: watchLock($name, $token, 1.0) (lease 0.3 s) renews the hold until 1 s from the call and not a lease longer: it is gone between 0.95 and 1.1 s while its holder still lives
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 60, fenced: false);
$at = microtime(true);
var_dump($lock->watchLock($name, $token, 1.0));
/* The first lease replaces the 60 s the hold was taken with. */
echo wd_ok($raw->call('PTTL', l4_key($name)) <= 300, $raw->call('PTTL', l4_key($name))), "\n";
$gone = wd_until_gone($raw, l4_key($name), $token, 3.0);
$gone = $gone === null ? null : microtime(true) - $at;
echo wd_ok($gone !== null && $gone >= 0.95 && $gone <= 1.1, $gone), "\n";
var_dump($lock->holdsLock($name, $token), $lock->releaseLock($name, $token));
?>
--EXPECT--
bool(true)
ok
ok
bool(false)
bool(false)
