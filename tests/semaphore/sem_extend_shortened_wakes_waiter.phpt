--TEST--
RedisSemaphore: after a holder shortened its acquisition and died, the waiter gets the permit promptly once the new lifetime ends
--DESCRIPTION--
RedisSemaphore: a holder that shortens its acquisition with extend() and then
dies: the queued waiter gets the permit promptly once the new lifetime ends
(within 250 ms), not at the old deadline's wake-up round
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require_once __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$raw = new RawRedis();
$holder = sem_new(['auto_release' => false]);
$token = $holder->acquire($name, 1, 0, 30);
var_dump(is_string($token));

$w = l4_fork(function () use ($name) {
    $raw = new RawRedis();
    $sem = sem_new();
    $sem->count($name);
    if (($t = $sem->acquire($name, 1, l4_bound(8), 10)) === false) {
        return 10;
    }
    $raw->call('RPUSH', "$name:got", sprintf('%.6f', microtime(true)));
    return $sem->release($name, $t) ? 0 : 11;
});
var_dump(sem_until_queued($raw, $name, 1));
usleep(100000);                   // the waiter is blocked now
var_dump($holder->extend($name, $token, 0.2));
$end = microtime(true) + 0.2;
unset($holder);                   // dies without releasing (auto_release off)
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
