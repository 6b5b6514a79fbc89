--TEST--
Watchdog: addLock($name, 1.0, watch: true) (lease 0.3 s) takes the hold with the lease as its lifetime in one round trip and renews it until 1 s, when it lapses (gone between 0.95 and 1.1 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease));
$lock->isLocked(rl_name());   // connected, scripts loaded
$before = $raw->call('INFO', 'commandstats');
$at = microtime(true);
$token = $lock->addLock($name, 1.0, fenced: false, watch: true);
$after = $raw->call('INFO', 'commandstats');
$calls = fn (string $info) => array_sum(array_map('intval', preg_match_all('/^cmdstat_(?:evalsha|eval|set):calls=(\d+)/m', $info, $m) ? $m[1] : []));
var_dump(is_string($token), $calls($after) - $calls($before));
$pttl = $raw->call('PTTL', l4_key($name));
echo wd_ok($pttl > 0 && $pttl <= 300, $pttl), "\n";
$gone = wd_until_gone($raw, l4_key($name), $token, 3.0);
$gone = $gone === null ? null : microtime(true) - $at;
echo wd_ok($gone !== null && $gone >= 0.95 && $gone <= 1.1, $gone), "\n";
try {
    (new RedisLock(rl_options()))->addLock(rl_name(), 5, watch: true);
} catch (BadMethodCallException $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
int(1)
ok
ok
RedisLock::addLock() needs the "watchdog" option: the extension's thread renews the hold, and only an object created with that option runs one
