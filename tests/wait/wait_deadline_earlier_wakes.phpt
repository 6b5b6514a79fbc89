--TEST--
Waiting: every operation that moves a deadline earlier wakes whoever waits for it at the new deadline
--DESCRIPTION--
Each waiter, blocked first, gets what it waits for right after the new 0.5 s
deadline, not at the old 4 s one nor after a wait round. The operations:
- expire() and extendLock() on a lock;
- the same on a shared lock (the waiter wants it exclusive);
- RedisSemaphore::extend() on a permit;
- touch() and release($delay) on a reservation.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
function blocked(RawRedis $raw): int
{
    preg_match('/blocked_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    return (int) $m[1];
}
$new = 0.5;
$old = 4.0;
$lock = new RedisLock(rl_options());
$sem = new RedisSemaphore(rl_options());
$queue = rq_queue();
/* Each case: what holds (with the old deadline), what waits (in a child), and
 * what shortens the hold to $new seconds. */
$cases = [
    'lock expire()' => [
        fn ($n) => $lock->lock($n, 0, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 8, 10),
        fn ($n, $h) => $lock->expire($n, $new),
    ],
    'lock extendLock()' => [
        fn ($n) => $lock->addLock($n, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 8, 10),
        fn ($n, $h) => $lock->extendLock($n, $h, $new),
    ],
    'shared lock expire()' => [
        fn ($n) => $lock->lockShared($n, 0, $old),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 8, 10),
        fn ($n, $h) => $lock->expire($n, $new),
    ],
    'shared lock extendLock()' => [
        fn ($n) => $lock->addLock($n, $old, 0, true),
        fn ($n) => (new RedisLock(rl_options()))->lock($n, 8, 10),
        fn ($n, $h) => $lock->extendLock($n, $h, $new),
    ],
    'permit extend()' => [
        fn ($n) => $sem->acquire($n, 1, 0, $old),
        fn ($n) => is_string((new RedisSemaphore(rl_options()))->acquire($n, 1, 8, 10)),
        fn ($n, $h) => $sem->extend($n, $h, $new),
    ],
    'reservation touch()' => [
        fn ($n) => $queue->enqueue($n, 'job') ? $queue->reserve($n, 1, $old) : false,
        fn ($n) => is_array(rq_queue()->reserve($n, 1, 30, 8)),
        fn ($n, $h) => $queue->touch($n, 'job', $new, $h['receipt']),
    ],
    'reservation release($delay)' => [
        fn ($n) => $queue->enqueue($n, 'job') ? $queue->reserve($n, 1, $old) : false,
        fn ($n) => is_array(rq_queue()->reserve($n, 1, 30, 8)),
        fn ($n, $h) => $queue->release($n, 'job', $new, $h['receipt']),
    ],
];
$dir = rq_tmpdir();
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
$deadline = microtime(true) + 5;
while (blocked($raw) < $base + count($cases) && microtime(true) < $deadline) {
    usleep(10000);
}
rq_check(blocked($raw) >= $base + count($cases), 'every waiter is blocked');
$at = [];
foreach ($cases as $what => [$hold, $wait, $shorten]) {
    [$name, $h] = $holds[$what];
    $at[$what] = microtime(true);
    rq_check($shorten($name, $h) === true, "$what: shortened to $new s");
}
foreach ($pids as $what => [$pid, $file]) {
    pcntl_waitpid($pid, $status);
    [$ok, $got] = json_decode(file_get_contents($file), true);
    $after = $got - $at[$what];
    rq_check($ok && $after >= $new - 0.05 && $after < $new + 0.7, "$what: the waiter got it right after the new deadline", sprintf('after %.3f s', $after));
}
?>
--EXPECT--
ok: lock expire(): held for 4 s
ok: lock extendLock(): held for 4 s
ok: shared lock expire(): held for 4 s
ok: shared lock extendLock(): held for 4 s
ok: permit extend(): held for 4 s
ok: reservation touch(): held for 4 s
ok: reservation release($delay): held for 4 s
ok: every waiter is blocked
ok: lock expire(): shortened to 0.5 s
ok: lock extendLock(): shortened to 0.5 s
ok: shared lock expire(): shortened to 0.5 s
ok: shared lock extendLock(): shortened to 0.5 s
ok: permit extend(): shortened to 0.5 s
ok: reservation touch(): shortened to 0.5 s
ok: reservation release($delay): shortened to 0.5 s
ok: lock expire(): the waiter got it right after the new deadline
ok: lock extendLock(): the waiter got it right after the new deadline
ok: shared lock expire(): the waiter got it right after the new deadline
ok: shared lock extendLock(): the waiter got it right after the new deadline
ok: permit extend(): the waiter got it right after the new deadline
ok: reservation touch(): the waiter got it right after the new deadline
ok: reservation release($delay): the waiter got it right after the new deadline
