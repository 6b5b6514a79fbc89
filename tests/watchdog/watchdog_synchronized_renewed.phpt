--TEST--
Watchdog: a RedisLock::synchronized() and a RedisSemaphore::synchronized() callback that works for 1.5 s (lease 1.2 s, $expire 0.1 s) keeps its hold the whole time; both are released after it returns
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
/* A lease of 1.2 s: a renewal due every 0.4 s may come 0.8 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.2;
$name = rl_name();
$lock = new RedisLock(wd_options($lease));
echo $lock->synchronized($name, function () use ($raw, $name, $lease) {
    $token = $raw->call('GET', l4_key($name));
    [$bad] = wd_watch($raw, l4_key($name), (string) $token, $lease, 1.5);
    return $bad ? implode("\n", $bad) : 'lock held at every look';
}, 0, 0.1), "\n";
var_dump($raw->call('EXISTS', l4_key($name)));

$sname = rl_name();
$sem = new RedisSemaphore(wd_options($lease));
echo $sem->synchronized($sname, 1, function () use ($raw, $sname, $lease) {
    $members = $raw->call('ZRANGE', 'Semaphore:' . $sname, '0', '-1');
    if (count($members) !== 1) {
        return 'members: ' . var_export($members, true);
    }
    [$bad] = wd_watch($raw, 'Semaphore:' . $sname, $members[0], $lease, 1.5);
    return $bad ? implode("\n", $bad) : 'permit held at every look';
}, 0, 0.1), "\n";
var_dump($sem->count($sname));
?>
--EXPECT--
lock held at every look
int(0)
permit held at every look
int(0)
