--TEST--
Watchdog: after a forked child exits, the parent's watchdog keeps renewing the parent's holds
--DESCRIPTION--
Watchdog: after a forked child exits (a normal PHP exit, its copy of the object
destroyed), the parent's watchdog keeps renewing the parent's lock, shared hold
and semaphore permit (lease 1.2 s) for 1.5 s more
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
/* A lease of 1.2 s: a renewal due every 0.4 s may come 0.8 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.2;
[$a, $b, $s] = [rl_name(), rl_name(), rl_name()];
$lock = new RedisLock(wd_options($lease));
$sem = new RedisSemaphore(wd_options($lease));
var_dump($lock->lock($a, 0, 60), $lock->lockShared($b, 0, 60));
$token = $sem->acquire($s, 1, 0, 60);
$holds = [
    [l4_key($a), $raw->call('GET', l4_key($a))],
    [l4_key($b), $raw->call('ZRANGE', l4_key($b), '0', '-1')[0]],
    ['Semaphore:' . $s, $token],
];
$pid = pcntl_fork();
if ($pid === 0) {
    usleep(100000);
    exit(0);   // PHP's shutdown runs: the inherited objects are destroyed here
}
pcntl_waitpid($pid, $status);
echo pcntl_wexitstatus($status), "\n";
$bad = [];
$end = microtime(true) + 1.5;
while (microtime(true) < $end) {
    foreach ($holds as [$key, $member]) {
        $left = wd_left($raw, $key, $member);
        if ($left === null || $left <= 0 || $left > $lease * 1000) {
            $bad[] = "$key: " . var_export($left, true);
        }
    }
    usleep(50000);
}
echo $bad ? implode("\n", $bad) . "\n" : "all three renewed after the child exited\n";
echo json_encode(wd_info()), "\n";
var_dump($lock->unlock($a), $lock->unlock($b), $sem->release($s, $token));
?>
--EXPECT--
bool(true)
bool(true)
0
all three renewed after the child exited
{"thread":"running","holds":"3"}
bool(true)
bool(true)
bool(true)
