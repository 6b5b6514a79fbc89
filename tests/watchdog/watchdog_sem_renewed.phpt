--TEST--
Watchdog: a semaphore permit kept longer than its lease stays in the semaphore's set, renewed within the lease
--DESCRIPTION--
Watchdog: a semaphore permit (RedisSemaphore::acquire(), lease 1.5 s, $expire
0.1 s) kept for 2 s stays in the semaphore's set with 0 < time left <= lease at
every look; the permit still counts and is released at the end
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 1.5 s: a renewal due every 0.5 s may come 1 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.5;
$sem = new RedisSemaphore(wd_options($lease));
$token = $sem->acquire($name, 1, 0, 0.1);
echo wd_ok(is_string($token), $token), "\n";

[$bad, $looks] = wd_watch($raw, 'Semaphore:' . $name, $token, $lease, 2.0);
echo $bad ? implode("\n", $bad) . "\n" : "held with 0 < time left <= lease at every look\n";
var_dump($sem->count($name));
var_dump($sem->holds($name, $token));
$other = new RedisSemaphore(rl_options());
var_dump($other->acquire($name, 1));
var_dump($sem->release($name, $token));
var_dump($sem->count($name));
?>
--EXPECT--
ok
held with 0 < time left <= lease at every look
int(1)
bool(true)
bool(false)
bool(true)
int(0)
