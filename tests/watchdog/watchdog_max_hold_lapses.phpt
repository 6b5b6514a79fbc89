--TEST--
Watchdog: max_hold renews the lock until max_hold after it was taken, not a lease longer
--DESCRIPTION--
Watchdog: max_hold 1 s (lease 0.3 s) renews the lock until 1 s after it was
taken and not a lease longer: the last renewals give only what is left, so it
lapses at 1 s (gone between 0.95 and 1.1 s) while its holder still sleeps
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
$lock = new RedisLock(wd_options($lease, [], 1.0));
var_dump($lock->lock($name, 0, 60));
$taken = microtime(true);
$token = $raw->call('GET', l4_key($name));
[$bad] = wd_watch($raw, l4_key($name), $token, $lease, 0.8);
echo $bad ? implode("\n", $bad) . "\n" : "renewed for the first 0.8 s\n";
$gone = wd_until_gone($raw, l4_key($name), $token, 3.0);
$at = $gone === null ? null : microtime(true) - $taken;
echo wd_ok($at !== null && $at >= 0.95 && $at <= 1.1, $at), "\n";
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
renewed for the first 0.8 s
ok
bool(false)
bool(false)
