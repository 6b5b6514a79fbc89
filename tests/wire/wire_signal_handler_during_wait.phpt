--TEST--
RedisLock::lock(): a signal that arrives while lock() waits (pcntl_async_signals) runs its PHP handler inside the wait, and the wait goes on to take the lock at the holder's expiry
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$handled_file = rl_env('REDISLOCK_TEST_TMP') . '/' . str_replace(':', '_', $name) . '.handled';
$lock = new RedisLock(rl_dsn());
$lock->isLocked($name);   // connected
$events = [];
pcntl_async_signals(true);
/* The wait serves PHP's signal handlers as the engine would between two
 * statements: a handler runs while lock() still waits, so it sees the holder's
 * lock live and the object not holding it yet; lock() then goes on waiting. */
pcntl_signal(SIGALRM, function () use (&$events, $lock, $name, $handled_file) {
    $events[] = ['handler', $lock->isLocked($name), $lock->isLocking($name)];
    touch($handled_file);
});

/* The holder, another process, holds the lock for 60 s; once this process waits
 * for it (one waiter), it sends SIGALRM, and once the handler has run it cuts the
 * lock's life to 200 ms: lock() takes it at that expiry. Each step waits for the
 * one before (deadlines of 30 s), never for a time. */
$parent = getmypid();
$child = l4_fork(function () use ($parent, $name, $handled_file) {
    $holder = new RedisLock(rl_dsn());
    if (!$holder->lock($name, 0, 60)) {
        return 3;
    }
    if (!l4_until(fn () => ($holder->inspect($name)['waiters'] ?? 0) === 1, 30.0)) {
        return 4;
    }
    l4_signal($parent, 'ALRM');
    if (!l4_until(fn () => is_file($handled_file), 30.0)) {
        return 5;
    }
    (new RawRedis())->call('PEXPIRE', "Lock:$name", '200');
    return 0;
});
l4_until(fn () => $lock->isLocked($name), 30.0);
[$e, $ok] = (function () use ($lock, $name) {
    try {
        return [null, $lock->lock($name, 60)];
    } catch (Throwable $e) {
        return [$e, null];
    }
})();
$events[] = ['lock returned'];
$codes = l4_wait([$child], 30);
pcntl_signal(SIGALRM, SIG_DFL);
@unlink($handled_file);

echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), "\n";
echo 'the holder signalled while lock() waited: ', $codes === [0] ? 'yes' : 'no: ' . json_encode($codes), "\n";
echo 'events: ', implode(', ', array_column($events, 0)), "\n";
foreach ($events as $ev) {
    if ($ev[0] === 'handler') {
        echo 'handler isLocked(): ', var_export($ev[1], true), ', isLocking(): ', var_export($ev[2], true), "\n";
    }
}
var_dump($lock->unlock($name));
?>
--EXPECT--
lock(): true
the holder signalled while lock() waited: yes
events: handler, lock returned
handler isLocked(): true, isLocking(): false
bool(true)
