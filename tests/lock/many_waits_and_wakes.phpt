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

$pid = l4_fork(function () use ($a, $b) {
    $raw = new RawRedis();
    $holder = new RedisLock(rl_dsn());
    if (!$holder->lock($b, 0, 30)) {
        return 10;
    }
    /* It unlocks once the waiter is registered (so that the waiter did wait). */
    l4_until(fn () => $raw->call('EXISTS', '{' . l4_key($b) . '}:many', '{' . l4_key($a) . '}:many') >= 1, 30);
    $raw->call('SET', "$b:unlocked", sprintf('%.6f', microtime(true)));
    return $holder->unlock($b) ? 0 : 11;
});
var_dump(l4_until(fn() => $raw->call('EXISTS', l4_key($b)) === 1));
$monitor = rl_monitor();
var_dump($lock->lockMany([$a, $b], 30, 10));
$acquired = microtime(true);
$unlocked = (float) $raw->call('GET', "$b:unlocked");
/* On this host's one clock: taken after the holder began its unlock. */
var_dump($unlocked > 0 && $acquired >= $unlocked ? 'waited' : 'did not wait');
var_dump($lock->isLocking($a), $lock->isLocking($b));
$pttl = $raw->call('PTTL', l4_key($b));
var_dump($pttl > 0 && $pttl <= 10000);
echo implode(',', l4_wait([$pid])), "\n";
/* Woken by the unlock, not at the end of a wait round: MONITOR shows the unlock's
 * script push onto the list the waiter blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
var_dump(l4_wakeups(rl_monitor_read($monitor), ':' . getmypid() . ':') >= 1 ? 'woken by the unlock' : 'not woken');
fclose($monitor);
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
bool(true)
string(6) "waited"
bool(true)
bool(true)
bool(true)
0
string(19) "woken by the unlock"
bool(true)
