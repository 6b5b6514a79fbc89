--TEST--
Watchdog: destroying an object (auto_release on, the default) releases its lock, shared hold and permit at once and takes them off the watchdog (0 holds renewed)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
[$a, $b, $s] = [rl_name(), rl_name(), rl_name()];
$lock = new RedisLock(wd_options(5.0));
$sem = new RedisSemaphore(wd_options(5.0));
var_dump($lock->lock($a), $lock->lockShared($b), $sem->acquire($s, 1) !== false);
echo json_encode(wd_info()), "\n";
unset($lock, $sem);
echo json_encode(wd_info()), "\n";
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b), 'Semaphore:' . $s));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
{"thread":"running","holds":"3"}
{"thread":"running","holds":"0"}
int(0)
