--TEST--
RedisLock::lock(): when the middle of three queued waiters is SIGKILLed, the other two still get the lock in order
--DESCRIPTION--
RedisLock::lock(): of three queued waiters the middle one is killed with SIGKILL
and the holder unlocks at once: the first gets the lock at once, the third
within a few seconds (the dead one drops out after one alive period), in that
order, and the dead one never holds it for its lifetime
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$monitor = rl_monitor();

$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($name, $order, $ready, $i) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        $raw->call('RPUSH', $ready, (string) $i);
        /* A lifetime far beyond the test's bounds: a lock left to the dead waiter
         * would show. */
        if (!$lock->lock($name, l4_bound(30), 60)) {
            return 10;
        }
        $raw->call('RPUSH', $order, sprintf('%d %.6f', $i, microtime(true)));
        usleep(20000);
        return $lock->unlock($name) ? 0 : 11;
    });
    $raw->call('BLPOP', $ready, '5');
    var_dump(ho_until_queued($raw, $name, $i + 1, 30));
    usleep(50000);
}

l4_signal($pids[1], 'KILL');
$killed = microtime(true);
var_dump($holder->unlock($name));
echo implode(',', l4_wait($pids, l4_bound(60))), "\n";

$rows = array_map(fn ($line) => explode(' ', $line), $raw->call('LRANGE', $order, '0', '-1'));
echo implode(',', array_column($rows, 0)), "\n";
$first = isset($rows[0]) ? (float) $rows[0][1] - $killed : INF;
$third = isset($rows[1]) ? (float) $rows[1][1] - $killed : INF;
/* The first woken by the holder's unlock, not at the end of a wait round: MONITOR
 * shows the unlock's script push (the first onto a waiter's list) reach it, blocked
 * on that list (the server's order, which a late wake-up on a loaded machine does
 * not change). The third long before its 30 s wait ran out (half of it), after the
 * dead one's alive mark (2.5 s). */
$seen = rl_monitor_read($monitor);
fclose($monitor);
$push = l4_first_push($seen, '{' . $key . '}:');
var_dump($push !== null && $first >= 0 && l4_wakeups($seen, $push['key']) === 1 ? 'first at once' : "first after $first s");
var_dump($third < l4_bound(15) ? 'third within a few seconds' : "third after $third s");
var_dump($raw->call('EXISTS', $key));
/* Nothing of the dead waiter is in the way of the next caller. */
var_dump(l4_until(fn () => ho_queued($raw, $name) === 0, l4_bound(30)));
var_dump($holder->lock($name));
var_dump($holder->unlock($name));
$raw->call('DEL', $order, $ready);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
0,-1,0
0,2
string(13) "first at once"
string(26) "third within a few seconds"
int(0)
bool(true)
bool(true)
bool(true)
