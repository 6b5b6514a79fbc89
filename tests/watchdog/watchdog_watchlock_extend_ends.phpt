--TEST--
Watchdog: extendLock() of a hold given to watchLock() ends the watch: the hold lives the 0.6 s asked and is gone by 0.8 s, not renewed on to $maxHold
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 5, fenced: false);
var_dump($lock->watchLock($name, $token, 60));
usleep(400000);
$at = microtime(true);
var_dump($lock->extendLock($name, $token, 0.6));
$gone = wd_until_gone($raw, l4_key($name), $token, 3.0);
$gone = $gone === null ? null : microtime(true) - $at;
echo wd_ok($gone !== null && $gone >= 0.55 && $gone <= 0.8, $gone), "\n";
?>
--EXPECT--
bool(true)
bool(true)
ok
