--TEST--
RedisLock::lockMany(): with $timeout it blocks while a name is busy and takes all the names once that name is unlocked in another process
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$lock = new RedisLock(rl_dsn());
$lock->isLocked($a); // connected before timing

$pid = l4_fork(function () use ($b) {
    $raw = new RawRedis();
    $holder = new RedisLock(rl_dsn());
    if (!$holder->lock($b, 0, 30)) {
        return 10;
    }
    usleep(500000);
    $raw->call('SET', "$b:unlocked", sprintf('%.6f', microtime(true)));
    return $holder->unlock($b) ? 0 : 11;
});
var_dump(l4_until(fn() => $raw->call('EXISTS', l4_key($b)) === 1));
$start = microtime(true);
var_dump($lock->lockMany([$a, $b], 5, 10));
$acquired = microtime(true);
$unlocked = (float) $raw->call('GET', "$b:unlocked");
var_dump($acquired - $start > 0.3 ? 'waited' : 'did not wait');
$delay = ($acquired - $unlocked) * 1000;
var_dump($unlocked > 0 && $delay < l4_bound(1500) ? 'within 1.5 s of the unlock' : sprintf('%.1f ms after the unlock', $delay));
var_dump($lock->isLocking($a), $lock->isLocking($b));
$pttl = $raw->call('PTTL', l4_key($b));
var_dump($pttl > 9000 && $pttl <= 10000);
echo implode(',', l4_wait([$pid])), "\n";
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
bool(true)
string(6) "waited"
string(26) "within 1.5 s of the unlock"
bool(true)
bool(true)
bool(true)
0
bool(true)
