--TEST--
Watchdog: phpinfo() shows whether the thread runs and counts the holds it renews, down to 0 as they are released
--DESCRIPTION--
Watchdog: php --ri redislock shows "Watchdog thread => not running" and "Holds
the watchdog renews => 0" in a fresh process; phpinfo() shows the thread running
once a watchdog object holds something, and counts its locks, shared holds and
permits (not those of objects without the option), down to 0 as they are
released
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$php = getenv('TEST_PHP_EXECUTABLE') ?: PHP_BINARY;
$ri = shell_exec(escapeshellarg($php) . ' -n -d extension=' . escapeshellarg(rl_extension_path()) . ' --ri redislock');
echo json_encode(wd_parse_info((string) $ri)), "\n";
echo json_encode(wd_info()), "\n";

[$a, $b, $c, $s] = [rl_name(), rl_name(), rl_name(), rl_name()];
$plain = new RedisLock(rl_options());
var_dump($plain->lock($a));
$lock = new RedisLock(wd_options(5.0));
echo json_encode(wd_info()), "\n";   // an object alone starts nothing
var_dump($lock->lock($b));
echo json_encode(wd_info()), "\n";
$sem = new RedisSemaphore(wd_options(5.0));
var_dump($lock->lockShared($c), ($t = $sem->acquire($s, 2)) !== false);
echo json_encode(wd_info()), "\n";
var_dump($lock->unlock($b));
echo json_encode(wd_info()), "\n";
var_dump($lock->unlockAll(), $sem->release($s, $t), $plain->unlock($a));
echo json_encode(wd_info()), "\n";
?>
--EXPECT--
{"thread":"not running","holds":"0"}
{"thread":"not running","holds":"0"}
bool(true)
{"thread":"not running","holds":"0"}
bool(true)
{"thread":"running","holds":"1"}
bool(true)
bool(true)
{"thread":"running","holds":"3"}
bool(true)
{"thread":"running","holds":"2"}
bool(true)
bool(true)
bool(true)
{"thread":"running","holds":"0"}
