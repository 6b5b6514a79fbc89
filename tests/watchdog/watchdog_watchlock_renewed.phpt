--TEST--
Watchdog: watchLock() keeps a token hold of addLock() (lifetime 1 s, lease 1.2 s) held for 1.5 s with 0 < PTTL <= lease at every look, and releaseLock() ends it at once
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 1.2 s: a renewal due every 0.4 s may come 0.8 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.2;
$lock = new RedisLock(wd_options($lease));
$token = $lock->addLock($name, 1, fenced: false);   // 1 s: it does not lapse before watchLock()
var_dump(is_string($token), $lock->watchLock($name, $token, 60));
[$bad, $looks] = wd_watch($raw, l4_key($name), $token, $lease, 1.5);
echo $bad ? implode("\n", $bad) . "\n" : "held with at most a lease left at every look\n";
echo wd_ok($looks >= 5, $looks), "\n";
var_dump($lock->releaseLock($name, $token), $raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
bool(true)
held with at most a lease left at every look
ok
bool(true)
int(0)
