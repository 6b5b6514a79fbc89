<?php
/*
 * Two processes, A and B, contend for one lock.
 *
 * Part 1, waiting: A holds the lock for 0.5 s; B asks for it with a 3 s timeout,
 * waits, and gets it as soon as A unlocks.
 *
 * Part 2, expiry safety: A takes the lock with a 0.3 s lifetime and then stalls
 * for 0.8 s (a long GC pause, a slow API call). The lock expires, B takes it, and
 * A's late unlock() returns false: it cannot release the lock B now holds.
 *
 *   php -n -d extension=modules/redislock.so examples/contention.php
 *
 * REDISLOCK_DSN (default redis://127.0.0.1:6379) names the server. Only the lock
 * "contention:report" and the key "contention:events" are touched. The exit
 * status is 0 only if the story above is what happened.
 */

declare(strict_types=1);

require __DIR__ . '/resp.php';

const LOCK = 'contention:report';
const K_EVENTS = 'contention:events';

$dsn = demo_dsn();
$redis = new Resp($dsn);
$redis->call('DEL', K_EVENTS);

$t0 = microtime(true) + 0.3;   // both processes count time from here

/** Records an event: who, what, and the result, at $at (default now). */
function event(Resp $redis, float $t0, string $who, string $what, string $key = '', ?float $at = null): void
{
    $redis->call('RPUSH', K_EVENTS, json_encode([($at ?? microtime(true)) - $t0, $who, $what, $key]));
}

function sleep_until(float $t0, float $offset): void
{
    time_sleep_until($t0 + $offset);
}

function show(bool $b): string
{
    return $b ? 'true' : 'false';
}

function process_a(string $dsn, float $t0): int
{
    $redis = new Resp($dsn);
    $lock = new RedisLock($dsn);

    // Part 1: hold the lock for half a second.
    sleep_until($t0, 0.0);
    $at = microtime(true);
    $ok = $lock->lock(LOCK, 0, 10);
    event($redis, $t0, 'A', "lock(0 s timeout, 10 s lifetime) -> " . show($ok) . ': A holds the lock', 'a_locked_1', $at);
    sleep_until($t0, 0.5);
    $at = microtime(true);
    $ok = $lock->unlock(LOCK);
    event($redis, $t0, 'A', 'work done, unlock() -> ' . show($ok), $ok ? 'a_unlocked_1' : 'a_unlock_failed_1', $at);

    // Part 2: take the lock for 0.3 s, then stall for 0.8 s.
    sleep_until($t0, 1.5);
    $at = microtime(true);
    $ok = $lock->lock(LOCK, 0, 0.3);
    event($redis, $t0, 'A', 'lock(0 s timeout, 0.3 s lifetime) -> ' . show($ok) . ', then A stalls for 0.8 s', $ok ? 'a_locked_2' : 'a_lock_failed_2', $at);
    usleep(800000);
    $at = microtime(true);
    $ok = $lock->unlock(LOCK);
    event($redis, $t0, 'A', 'wakes up, unlock() -> ' . show($ok) . ($ok ? ' (it released a lock it no longer held!)' : ': the lock expired and is not A\'s any more'), $ok ? 'a_late_unlock_true' : 'a_late_unlock_false', $at);
    return 0;
}

function process_b(string $dsn, float $t0): int
{
    $redis = new Resp($dsn);
    $lock = new RedisLock($dsn);

    // Part 1: ask while A holds the lock, and wait up to 3 s.
    sleep_until($t0, 0.1);
    $start = microtime(true);
    event($redis, $t0, 'B', 'lock(3 s timeout, 10 s lifetime) ... A holds it, B waits', 'b_waits_1', $start);
    $ok = $lock->lock(LOCK, 3, 10, 10000);
    $end = microtime(true);
    event($redis, $t0, 'B', sprintf('... -> %s after waiting %.0f ms: B holds the lock', show($ok), ($end - $start) * 1000), $ok ? 'b_locked_1' : 'b_lock_failed_1', $end);
    usleep(200000);
    $at = microtime(true);
    $ok = $lock->unlock(LOCK);
    event($redis, $t0, 'B', 'unlock() -> ' . show($ok), $ok ? 'b_unlocked_1' : 'b_unlock_failed_1', $at);

    // Part 2: ask while A holds a lock that will expire.
    sleep_until($t0, 1.6);
    $start = microtime(true);
    event($redis, $t0, 'B', 'lock(2 s timeout, 10 s lifetime) ... A holds it, B waits', 'b_waits_2', $start);
    $ok = $lock->lock(LOCK, 2, 10, 10000);
    $end = microtime(true);
    event($redis, $t0, 'B', sprintf('... -> %s after %.0f ms: A\'s lock expired, B holds the lock', show($ok), ($end - $start) * 1000), $ok ? 'b_locked_2' : 'b_lock_failed_2', $end);
    sleep_until($t0, 2.5);
    $at = microtime(true);
    $held = $lock->isLocking(LOCK);
    event($redis, $t0, 'B', 'isLocking() -> ' . show($held) . ($held ? ': A\'s late unlock did not touch B\'s lock' : ''), $held ? 'b_still_holds' : 'b_lost_lock', $at);
    $ok = $lock->unlock(LOCK);
    event($redis, $t0, 'B', 'unlock() -> ' . show($ok), $ok ? 'b_unlocked_2' : 'b_unlock_failed_2');
    return 0;
}

$pids = [];
foreach (['process_a', 'process_b'] as $fn) {
    $pids[] = demo_fork(fn () => $fn($dsn, $t0));
}
$codes = demo_wait_children($pids, microtime(true) + 15);

$events = array_map(fn($e) => json_decode($e, true), $redis->call('LRANGE', K_EVENTS, '0', '-1'));
usort($events, fn($x, $y) => $x[0] <=> $y[0]);
$when = [];
echo "Two processes, A and B, contend for the lock \"" . LOCK . "\".\n";
$part = 0;
foreach ($events as [$t, $who, $what, $key]) {
    if ($part === 0 && $t < 1.4) {
        echo "\nPart 1: B waits for the lock A holds\n";
        $part = 1;
    } elseif ($part < 2 && $t >= 1.4) {
        echo "\nPart 2: A's lock expires while A stalls; B takes it; A's late unlock is refused\n";
        $part = 2;
    }
    printf("  %+6.0f ms  %s: %s\n", $t * 1000, $who, $what);
    $when[$key] = $t;
}

$checks = [
    'both processes finished' => $codes === array_fill_keys($pids, 0),
    'A took the lock first' => isset($when['a_locked_1']),
    'B waited while A held the lock' => isset($when['b_locked_1'], $when['a_unlocked_1']) && $when['b_locked_1'] >= $when['a_unlocked_1'],
    'B got the lock soon after A unlocked' => isset($when['b_locked_1'], $when['a_unlocked_1']) && $when['b_locked_1'] - $when['a_unlocked_1'] < 0.5,
    'A took the short lock' => isset($when['a_locked_2']),
    'B got the lock after it expired, before A woke' => isset($when['b_locked_2'], $when['a_late_unlock_false'])
        && $when['b_locked_2'] >= $when['a_locked_2'] + 0.25 && $when['b_locked_2'] < $when['a_late_unlock_false'],
    'A\'s late unlock returned false' => isset($when['a_late_unlock_false']),
    'B still held the lock' => isset($when['b_still_holds'], $when['b_unlocked_2']),
];
$failed = array_keys(array_filter($checks, fn($ok) => !$ok));
echo "\n";
if ($failed) {
    echo 'FAILED: ', implode('; ', $failed), "\n";
    exit(1);
}
echo "OK: one holder at a time, B got the lock as soon as A let go, and an expired holder cannot release someone else's lock.\n";
