--TEST--
Watchdog: lock(), lockShared(), lockMany() and RedisSemaphore::acquire() take their holds with a lifetime of the lease, not of $expire (60 s asked, at most 0.5 s given)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$lease = 0.5;
$lock = new RedisLock(wd_options($lease));
$sem = new RedisSemaphore(wd_options($lease));
[$a, $b, $c, $d, $s] = [rl_name(), rl_name(), rl_name(), rl_name(), rl_name()];

var_dump($lock->lock($a, 0, 60));
$left = wd_left($raw, l4_key($a), $raw->call('GET', l4_key($a)));
echo 'lock: ', wd_ok($left > 0 && $left <= 500, $left), "\n";

var_dump($lock->lockShared($b, 0, 60));
$member = $raw->call('ZRANGE', l4_key($b), '0', '-1')[0];
$left = wd_left($raw, l4_key($b), $member);
echo 'lockShared: ', wd_ok($left > 0 && $left <= 500, $left), "\n";

var_dump($lock->lockMany([$c, $d], 0, 60));
foreach ([$c, $d] as $n) {
    $left = wd_left($raw, l4_key($n), (string) $raw->call('GET', l4_key($n)));
    echo 'lockMany: ', wd_ok($left > 0 && $left <= 500, $left), "\n";
}

$token = $sem->acquire($s, 2, 0, 60);
$left = wd_left($raw, 'Semaphore:' . $s, $token);
echo 'acquire: ', wd_ok($left > 0 && $left <= 500, $left), "\n";

$lock->unlockAll();
var_dump($sem->release($s, $token));
?>
--EXPECT--
bool(true)
lock: ok
bool(true)
lockShared: ok
bool(true)
lockMany: ok
lockMany: ok
acquire: ok
bool(true)
