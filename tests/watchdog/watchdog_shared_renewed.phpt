--TEST--
Watchdog: a shared hold (lockShared(), lease 1.5 s) kept for 2 s stays in the lock's set with 0 < time left <= lease at every look, next to another reader's; it is still ours at the end
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 1.5 s: a renewal due every 0.5 s may come 1 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.5;
$other = new RedisLock(rl_options());
var_dump($other->lockShared($name, 0, 30));
$before = $raw->call('ZRANGE', l4_key($name), '0', '-1');
$lock = new RedisLock(wd_options($lease));
var_dump($lock->lockShared($name, 0, 0.1));
$mine = array_values(array_diff($raw->call('ZRANGE', l4_key($name), '0', '-1'), $before));
echo wd_ok(count($mine) === 1, $mine), "\n";

[$bad, $looks] = wd_watch($raw, l4_key($name), $mine[0], $lease, 2.0);
echo $bad ? implode("\n", $bad) . "\n" : "held with 0 < time left <= lease at every look\n";
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump(wd_left($raw, l4_key($name), $mine[0]));
var_dump($other->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
ok
held with 0 < time left <= lease at every look
bool(true)
bool(true)
NULL
bool(true)
