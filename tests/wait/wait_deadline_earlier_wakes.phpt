--TEST--
Waiting: every operation that moves a deadline earlier wakes whoever waits for it at the new deadline
--DESCRIPTION--
Each waiter, blocked first, gets what it waits for after the new 0.5 s
deadline and within 15 s of the change, not at the old 30 s one (half of it: a
loaded machine's late wake-up does not cross that); a lock's or a permit's
waiter, which blocks in rounds of 2 s, is shown woken by the change in MONITOR
(its script pushed onto the list the waiter blocked on). The waiters are counted by the blocked clients of a server of the
test's own. How soon after the new deadline is a benchmark figure (bench/run
latency, "a lock waiter woken after expiry"). The operations:
- expire() and extendLock() on a lock;
- the same on a shared lock (the waiter wants it exclusive);
- RedisSemaphore::extend() on a permit;
- touch() and release($delay) on a reservation.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/lock4_test.inc';
/* blocked_clients counts the server's every blocked client: a server of this test's own. */
$server = rq_own_main_server();
$raw = new RawRedis();
function blocked(RawRedis $raw): int
{
    preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    return (int) $m[1];
}
$new = 0.5;
$old = 30.0;
$lock = new RedisLock(rl_options());
$sem = new RedisSemaphore(rl_options());
$queue = rq_queue();
/* Each case: what holds (with the old deadline), what waits (in a child), and
 * what shortens the hold to $new seconds. */
$cases = [
    'lock expire()' => [
        fn ($n) => $lock->lock($n, 0, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 40, 10),
        fn ($n, $h) => $lock->expire($n, $new),
    ],
    'lock extendLock()' => [
        fn ($n) => $lock->addLock($n, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 40, 10),
        fn ($n, $h) => $lock->extendLock($n, $h, $new),
    ],
    'shared lock expire()' => [
        fn ($n) => $lock->lockShared($n, 0, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 40, 10),
        fn ($n, $h) => $lock->expire($n, $new),
    ],
    'shared lock extendLock()' => [
        fn ($n) => $lock->addLock($n, $old, 0, true),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 40, 10),
        fn ($n, $h) => $lock->extendLock($n, $h, $new),
    ],
    'permit extend()' => [
        fn ($n) => $sem->acquire($n, 1, 0, $old),
        fn ($n) => is_string((new RedisSemaphore(rl_options()))->acquire($n, 1, 40, 10)),
        fn ($n, $h) => $sem->extend($n, $h, $new),
    ],
    'reservation touch()' => [
        fn ($n) => $queue->enqueue($n, 'job') ? $queue->reserve($n, 1, $old) : false,
        fn ($n) => is_array(rq_queue()->reserve($n, 1, 30, 40)),
        fn ($n, $h) => $queue->touch($n, 'job', $new, $h['receipt']),
    ],
    'reservation release($delay)' => [
        fn ($n) => $queue->enqueue($n, 'job') ? $queue->reserve($n, 1, $old) : false,
        fn ($n) => is_array(rq_queue()->reserve($n, 1, 30, 40)),
        fn ($n, $h) => $queue->release($n, 'job', $new, $h['receipt']),
    ],
];
$dir = rq_tmpdir();
$monitor = rl_monitor();     // this test's own server: every command is this test's
$base = blocked($raw);
$holds = $pids = [];
foreach ($cases as $what => [$hold, $wait, $shorten]) {
    $name = rl_name();
    $holds[$what] = [$name, $hold($name)];
    rq_check($holds[$what][1] !== false, "$what: held for $old s");
    $file = "$dir/" . md5($what);
    $pid = pcntl_fork();
    if ($pid === 0) {
        $ok = $wait($name);
        file_put_contents($file, json_encode([$ok, microtime(true)]));
        exit(0);
    }
    $pids[$what] = [$pid, $file];
}
rq_check(rq_wait_blocked($raw, $base + count($cases), 30) >= $base + count($cases), 'every waiter is blocked');
$at = [];
foreach ($cases as $what => [$hold, $wait, $shorten]) {
    [$name, $h] = $holds[$what];
    $at[$what] = microtime(true);
    rq_check($shorten($name, $h) === true, "$what: shortened to $new s");
}
foreach ($pids as $what => [$pid, $file]) {
    pcntl_waitpid($pid, $status);
}
$seen = rl_monitor_read($monitor);
fclose($monitor);
foreach ($pids as $what => [$pid, $file]) {
    [$ok, $got] = json_decode(file_get_contents($file), true);
    $after = $got - $at[$what];
    /* Not before the new deadline (on this host's clock, which the server shares, less
     * its whole milliseconds), and far from the old one (half of its 30 s: a loaded
     * machine's late wake-up does not cross that). A lock's or a permit's waiter
     * blocks in rounds of 2 s, well within that: the shortening woke it, as MONITOR
     * shows (its script pushed onto the list the waiter blocked on). */
    $woken = str_starts_with($what, 'reservation') || l4_wakeups($seen, $holds[$what][0]) >= 1;
    rq_check($ok && $after >= $new - 0.002 && $after < 15 && $woken, "$what: the waiter got it after the new deadline, not the old", sprintf('after %.3f s, woken: %s', $after, var_export($woken, true)));
}
?>
--EXPECT--
ok: lock expire(): held for 30 s
ok: lock extendLock(): held for 30 s
ok: shared lock expire(): held for 30 s
ok: shared lock extendLock(): held for 30 s
ok: permit extend(): held for 30 s
ok: reservation touch(): held for 30 s
ok: reservation release($delay): held for 30 s
ok: every waiter is blocked
ok: lock expire(): shortened to 0.5 s
ok: lock extendLock(): shortened to 0.5 s
ok: shared lock expire(): shortened to 0.5 s
ok: shared lock extendLock(): shortened to 0.5 s
ok: permit extend(): shortened to 0.5 s
ok: reservation touch(): shortened to 0.5 s
ok: reservation release($delay): shortened to 0.5 s
ok: lock expire(): the waiter got it after the new deadline, not the old
ok: lock extendLock(): the waiter got it after the new deadline, not the old
ok: shared lock expire(): the waiter got it after the new deadline, not the old
ok: shared lock extendLock(): the waiter got it after the new deadline, not the old
ok: permit extend(): the waiter got it after the new deadline, not the old
ok: reservation touch(): the waiter got it after the new deadline, not the old
ok: reservation release($delay): the waiter got it after the new deadline, not the old
