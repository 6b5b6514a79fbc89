--TEST--
RedisLatch::await() does not poll: a waiter sends one script then one BLMOVE of the open mark for its whole wait, to its deadline or the latch's end, and the countDown() that opens the latch wakes it
--DESCRIPTION--
A waiter (another process) awaits a latch of count 1 with a 30 s timeout; it
waits about 3 s, then the parent counts the latch down to 0. MONITOR shows all
the waiter's connection sent: one script (the count and the lifetime left) and
one BLMOVE of the open mark onto itself (LEFT RIGHT) whose timeout is its whole
wait (at most 30 s + 50 ms, and far more than a round of a few seconds: over
20 s). The await returned true, woken by the push: it sent nothing after the
BLMOVE. A second waiter, on a latch whose lifetime (20 s) ends before its 30 s,
blocks only until that end (over 5 s, at most 20 s + 50 ms).
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
// The script in the server's cache first: a first call of it anywhere is an
// EVALSHA answered NOSCRIPT, then an EVAL, which this test does not count.
$l->await(rl_name(), 0);
foreach (['deadline' => [60, 30.0, 20.0], 'lifetime' => [20, 20.0, 5.0]] as $case => [$ttl, $bound, $least]) {
    $name = rl_name();
    $key = la_key($name);
    $open = la_open($name);
    $l->set($name, 1, $ttl);
    $monitor = rl_monitor();
    [$pids, $addrs, $seen] = la_waiters($raw, $monitor, fn () => la_new(), $name, $key, 1, 30);
    usleep(case_sleep($case));
    $left = $l->countDown($name);
    $codes = l4_wait($pids, l4_bound(30));
    $seen .= rl_monitor_read($monitor, only: $name);   // the waiter's lines: all name the latch
    fclose($monitor);
    $cmds = array_slice(la_commands_of($seen, $addrs[0] ?? '-'), 1);   // after its count()
    $names = array_map(fn ($c) => $c['args'][0], $cmds);
    $blmove = $cmds[1]['args'] ?? [];
    $timeout = (float) ($blmove[5] ?? -1);
    echo "$case: countDown opened it: ", la_yes($left === 0, $left), ', the waiter returned true: ', la_yes($codes === [0], $codes), "\n";
    echo "$case: one script, then one BLMOVE of the mark onto itself: ", la_yes($names === ['EVALSHA', 'BLMOVE']
        && array_slice($blmove, 1, 4) === [$open, $open, 'LEFT', 'RIGHT'], $names), "\n";
    echo "$case: blocked for the whole wait: ", la_yes($timeout > $least && $timeout <= $bound + 0.06, $timeout), "\n";
}

function case_sleep(string $case): int
{
    return $case === 'deadline' ? 3000000 : 1000000;
}
?>
--EXPECT--
deadline: countDown opened it: yes, the waiter returned true: yes
deadline: one script, then one BLMOVE of the mark onto itself: yes
deadline: blocked for the whole wait: yes
lifetime: countDown opened it: yes, the waiter returned true: yes
lifetime: one script, then one BLMOVE of the mark onto itself: yes
lifetime: blocked for the whole wait: yes
