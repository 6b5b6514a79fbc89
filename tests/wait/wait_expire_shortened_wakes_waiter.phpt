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
    if (!$lock->lock($name, l4_bound(30), 10)) {
        return 10;
    }
    $raw->call('RPUSH', "$name:got", sprintf('%.6f', microtime(true)));
    return $lock->unlock($name) ? 0 : 11;
});
require_once __DIR__ . '/../harness/handoff_test.inc';
$monitor = rl_monitor();
var_dump(ho_until_queued($raw, $name, 1));
usleep(100000);                   // the waiter is blocked now
var_dump($holder->expire($name, 0.2));
$end = l4_marked_deadline($raw, $name);   // the new deadline, on the server's clock
unset($holder);                   // dies without unlocking (auto_release off)
echo implode(',', l4_wait([$w], l4_bound(10))), "\n";
$raw->call('DEL', "$name:got");
/* Woken by expire() and then at the new deadline, not at the end of a wait round
 * (2 s): MONITOR shows expire()'s script push onto the list the waiter blocked on,
 * and every BLPOP the waiter sent from a script run after that push asked the server to give it back
 * by the new deadline (and the 50 ms the server's timeout is given beyond the
 * client's): what it asked, on the server's clock, which a late wake-up on a loaded
 * machine does not change. */
$seen = rl_monitor_read($monitor);
fclose($monitor);
$pushed = l4_first_push($seen, $name)['at'] ?? null;
$late = array_filter(l4_blpops($seen, '{' . l4_key($name) . '}:'), fn ($b) => $pushed !== null && $b['asked'] >= $pushed && $b['ends'] > $end + 0.06);
var_dump($end !== null && l4_wakeups($seen, $name) >= 1 && !$late ? 'woken, then blocked until the expiry' : json_encode([$end, $pushed, l4_blpops($seen, '{' . l4_key($name) . '}:')]));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
0
string(36) "woken, then blocked until the expiry"
