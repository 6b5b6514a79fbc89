--TEST--
RedisLock::lock(): a waiter that gives up leaves the queue: it returns false after its timeout, and the waiters behind it keep their order and get the lock without delay
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

/* Three waiters in line; the middle one waits 0.3 s only. */
$pids = [];
$monitor = rl_monitor();
foreach ([0 => 30, 1 => 0.3, 2 => 30] as $i => $timeout) {
    $pids[] = l4_fork(function () use ($name, $order, $ready, $i, $timeout) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        $raw->call('RPUSH', $ready, (string) $i);
        $start = microtime(true);
        if (!$lock->lock($name, $timeout, 15)) {
            $elapsed = microtime(true) - $start;
            $raw->call('RPUSH', $order, "$i gave up");
            /* Its own 0.3 s, not the holder's 30 s (half of it: a loaded machine's
             * late wake-up does not cross that). */
            return $elapsed > 0.25 && $elapsed < l4_bound(15) ? 0 : 10;
        }
        $raw->call('RPUSH', $order, (string) $i);
        $raw->call('SET', "$name:acquired:$i", sprintf('%.6f', microtime(true)));
        usleep(20000);
        $raw->call('SET', "$name:released:$i", sprintf('%.6f', microtime(true)));
        return $lock->unlock($name) ? 0 : 11;
    });
    /* The next one starts once this one is in the queue (or, the middle one, has
     * been in it and given up already: its 0.3 s may pass first on a loaded host). */
    $raw->call('BLPOP', $ready, '5');
    $queued = l4_until(fn () => ho_queued($raw, $name) + count(array_filter((array) $raw->call('LRANGE', $order, '0', '-1'),
        fn ($e) => str_ends_with($e, 'gave up'))) >= $i + 1, 30) && ($queued ?? true);
}
var_dump($queued);
/* The middle one gives up while the holder still holds. */
var_dump(l4_until(fn () => in_array('1 gave up', (array) $raw->call('LRANGE', $order, '0', '-1'), true), 30));
var_dump($holder->unlock($name));
echo implode(',', l4_wait($pids, l4_bound(60))), "\n";
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
/* The last one got the lock straight from the first, not after a waiting round:
 * MONITOR shows two wake-ups, the holder's unlock pushing onto the list the first
 * blocked on, then the first's onto the last's (the server's order, which a late
 * wake-up on a loaded machine does not change). */
$woken = l4_wakeups(rl_monitor_read($monitor), $name);
fclose($monitor);
var_dump($woken >= 2 ? 'woken by the one before' : "$woken wake-up(s)");
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
0,0,0
1 gave up,0,2
string(23) "woken by the one before"
