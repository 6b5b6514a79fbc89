--TEST--
Watchdog: the three locks of one lockMany() (lease 1.2 s) all keep their tokens for 1.5 s; unlocking one stops its renewal only (it is gone, the others keep being renewed)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$names = [rl_name(), rl_name(), rl_name()];
/* A lease of 1.2 s: a renewal due every 0.4 s may come 0.8 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.2;
$lock = new RedisLock(wd_options($lease));
var_dump($lock->lockMany($names, 0, 0.1));
$tokens = [];
foreach ($names as $n) {
    $tokens[$n] = $raw->call('GET', l4_key($n));
}
$bad = [];
$end = microtime(true) + 1.5;
while (microtime(true) < $end) {
    foreach ($names as $n) {
        $left = wd_left($raw, l4_key($n), $tokens[$n]);
        if ($left === null || $left <= 0 || $left > $lease * 1000) {
            $bad[] = "$n: " . var_export($left, true);
        }
    }
    usleep(50000);
}
echo $bad ? implode("\n", $bad) . "\n" : "all three held at every look\n";
var_dump($lock->unlock($names[0]));
[$bad] = wd_watch($raw, l4_key($names[1]), $tokens[$names[1]], $lease, 1.5);
echo $bad ? implode("\n", $bad) . "\n" : "the second still held\n";
var_dump($raw->call('EXISTS', l4_key($names[0])));
var_dump($lock->isLocking($names[2]));
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
all three held at every look
bool(true)
the second still held
int(0)
bool(true)
bool(true)
