--TEST--
RedisSemaphore: after a holder shortened its acquisition and died, the waiter gets the permit promptly once the new lifetime ends
--DESCRIPTION--
RedisSemaphore: a holder that shortens its acquisition with extend() and then
dies: the queued waiter gets the permit promptly once the new lifetime ends
(extend() wakes it, and every BLPOP it sends after that asks the server to give
it back by the new deadline: MONITOR), not at the old deadline's wake-up round
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
    if (($t = $sem->acquire($name, 1, l4_bound(30), 10)) === false) {
        return 10;
    }
    $raw->call('RPUSH', "$name:got", sprintf('%.6f', microtime(true)));
    return $sem->release($name, $t) ? 0 : 11;
});
$monitor = rl_monitor();
var_dump(sem_until_queued($raw, $name, 1, 30));
usleep(100000);                   // the waiter is blocked now
var_dump($holder->extend($name, $token, 0.2));
$end = max(sem_zset($raw, sem_key($name)) ?: [0]) / 1000;   // the new deadline, on the server's clock
unset($holder);                   // dies without releasing (auto_release off)
echo implode(',', l4_wait([$w], l4_bound(10))), "\n";
$raw->call('DEL', "$name:got");
/* Woken by extend() and then at the new deadline, not at the end of a wait round
 * (2 s): MONITOR shows extend()'s script push onto the list the waiter blocked on,
 * and every BLPOP the waiter sent from a script run after that push asked the server to give it back
 * by the new deadline (and the 50 ms the server's timeout is given beyond the
 * client's): what it asked, on the server's clock, which a late wake-up on a loaded
 * machine does not change. */
$seen = rl_monitor_read($monitor);
fclose($monitor);
$pushed = l4_first_push($seen, $name)['at'] ?? null;
$blpops = l4_blpops($seen, '{' . sem_key($name) . '}:');
$late = array_filter($blpops, fn ($b) => $pushed !== null && $b['asked'] >= $pushed && $b['ends'] > $end + 0.06);
var_dump($end > 0 && l4_wakeups($seen, $name) >= 1 && !$late ? 'woken, then blocked until the expiry' : json_encode([$end, $pushed, $blpops]));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
0
string(36) "woken, then blocked until the expiry"
