--TEST--
RedisLock: after a holder shortened its lock to 3 s and died, the waiter gets the lock promptly once the new lifetime ends
--DESCRIPTION--
RedisLock: a holder that shortens its lock to 3 s with expire() (no wake-up: 2.5
s or more) and then dies: the waiting caller, which comes back on its own within
that, gets the lock once the new lifetime ends, not at the old deadline: every
BLPOP it sends asks the server to give it back by the new deadline (MONITOR)
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
var_dump($holder->expire($name, 3));
$end = l4_marked_deadline($raw, $name);   // the new deadline, on the server's clock
unset($holder);                   // dies without unlocking (auto_release off)
echo implode(',', l4_wait([$w], l4_bound(10))), "\n";
$raw->call('DEL', "$name:got");
/* Not woken by the longer expire(), yet not past the new deadline by a wait round
 * (2 s): every BLPOP the waiter sent asked the server to give it back by that
 * deadline (and the 50 ms the server's timeout is given beyond the client's), as
 * MONITOR shows, on the server's clock, which a late wake-up on a loaded machine
 * does not change. */
$seen = rl_monitor_read($monitor);
fclose($monitor);
$late = array_filter(l4_blpops($seen, '{' . l4_key($name) . '}:'), fn ($b) => $b['ends'] > $end + 0.06);
var_dump($end !== null && l4_blpops($seen, '{' . l4_key($name) . '}:') !== [] && !$late ? 'blocked until the expiry' : json_encode([$end, l4_blpops($seen, '{' . l4_key($name) . '}:')]));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
0
string(24) "blocked until the expiry"
