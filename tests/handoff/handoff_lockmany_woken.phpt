--TEST--
RedisLock::lockMany(): a lockMany([a, b]) waiter blocked on a held name a, with no lock() waiter queued on it, is woken by the holder's unlock() and takes both names
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$ready = "$a:ready";
$report = "$a:report";
$go = "$a:go";
$holder = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());
$other->isLocked($a); // connected
var_dump($holder->lock($a, 0, 30));
$monitor = rl_monitor();

$waiter = l4_fork(function () use ($a, $b, $ready, $report, $go) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($a);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lockMany([$a, $b], l4_bound(30), 15);
    $raw->call('RPUSH', $report, sprintf('%s %.6f', $ok ? 'locked' : 'busy', microtime(true)));
    $raw->call('BLPOP', $go, '10');
    return $ok && $lock->unlock($a) && $lock->unlock($b) ? 0 : 10;
});
$raw->call('BLPOP', $ready, '5');
/* Registered as a lockMany() waiter: nobody in the single-name queue. */
var_dump(l4_until(fn () => $raw->call('EXISTS', '{' . l4_key($a) . '}:many', l4_key($a) . ':many') >= 1, l4_bound(30)));
usleep(100000);
var_dump(ho_queued($raw, $a));
var_dump($raw->call('LLEN', $report));

$released = microtime(true);
var_dump($holder->unlock($a));
[, $line] = $raw->call('BLPOP', $report, '5') ?? [null, 'none 0'];
[$state, $at] = explode(' ', $line . ' 0');
var_dump($state);
/* After the unlock, and woken by it, not at the end of a wait round: MONITOR shows
 * the unlock's script push onto the list the waiter blocked on (the server's order,
 * which a late wake-up on a loaded machine does not change). */
$woken = l4_wakeups(rl_monitor_read($monitor), ':' . getmypid() . ':');
fclose($monitor);
var_dump((float) $at >= $released && $woken >= 1 ? 'woken by the unlock' : sprintf('%.3f s after the unlock, %d wake-ups', (float) $at - $released, $woken));
var_dump($other->isLocked($a));
var_dump($other->isLocked($b));
var_dump($other->lock($a));
var_dump($other->lock($b));
$raw->call('RPUSH', $go, '1');
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b)));
$raw->call('DEL', $ready, $report, $go);
?>
--EXPECT--
bool(true)
bool(true)
int(0)
int(0)
bool(true)
string(6) "locked"
string(19) "woken by the unlock"
bool(true)
bool(true)
bool(false)
bool(false)
0
int(0)
