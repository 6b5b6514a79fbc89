--TEST--
Watchdog: a forked child has no watchdog thread and does not hold its parent's lock
--DESCRIPTION--
Watchdog: a child forked while its parent's watchdog renews a lock has no
watchdog thread (phpinfo: not running, 0 holds) and does not hold the parent's
lock; a lock it takes itself starts a thread of its own that renews it
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$own = rl_name();
/* A lease long enough that a loaded machine holding a renewal back (they come
 * every third of it) does not lapse a hold: what is checked is who renews, not how
 * short a lease can be. */
$lease = 1.5;
$lock = new RedisLock(wd_options($lease));
var_dump($lock->lock($name, 0, 60));
echo json_encode(wd_info()), "\n";

$pid = l4_fork(function () use ($lock, $name, $own, $lease) {
    $raw = new RawRedis();
    $report = [json_encode(wd_info()), var_export($lock->isLocking($name), true)];
    $report[] = var_export($lock->lock($own, 0, 60), true);
    $report[] = json_encode(wd_info());
    [$bad] = wd_watch($raw, l4_key($own), (string) $raw->call('GET', l4_key($own)), $lease, 3.5);
    $report[] = $bad ? implode(' ', $bad) : 'own lock renewed';
    $report[] = var_export($lock->unlock($own), true);
    $raw->call('RPUSH', "$name:report", ...$report);
    return 0;
});
echo implode(',', l4_wait([$pid], 15)), "\n";
echo implode("\n", $raw->call('LRANGE', "$name:report", '0', '-1')), "\n";
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
{"thread":"running","holds":"1"}
0
{"thread":"not running","holds":"0"}
false
true
{"thread":"running","holds":"1"}
own lock renewed
true
bool(true)
bool(true)
