--TEST--
RedisLock: a holder that shortens its lock with expire() and then dies: the waiting caller gets the lock promptly once the new lifetime ends, not at the old deadline's wake-up round
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$raw = new RawRedis();
$holder = new RedisLock(rl_options(['auto_release' => false]));
var_dump($holder->lock($name, 0, 30));

$w = l4_fork(function () use ($name) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    if (!$lock->lock($name, l4_bound(8), 10)) {
        return 10;
    }
    $raw->call('RPUSH', "$name:got", sprintf('%.6f', microtime(true)));
    return $lock->unlock($name) ? 0 : 11;
});
require_once __DIR__ . '/../harness/handoff_test.inc';
var_dump(ho_until_queued($raw, $name, 1));
usleep(100000);                   // the waiter is blocked now
var_dump($holder->expire($name, 0.2));
$end = microtime(true) + 0.2;
unset($holder);                   // dies without unlocking (auto_release off)
echo implode(',', l4_wait([$w], l4_bound(10))), "\n";
$got = (float) $raw->call('LPOP', "$name:got");
$late = ($got - $end) * 1000;
var_dump($late < l4_bound(1500) ? 'within 1.5 s of the expiry' : sprintf('%.0f ms after the expiry', $late));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
0
string(26) "within 1.5 s of the expiry"
