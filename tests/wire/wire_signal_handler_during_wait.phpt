--TEST--
RedisLock::lock(): a signal that arrives while lock() waits (pcntl_async_signals) runs its PHP handler at once, inside the wait, and the wait goes on to take the lock at the holder's expiry
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$sent_file = rl_env('REDISLOCK_TEST_TMP') . '/' . str_replace(':', '_', $name) . '.sent';
$lock = new RedisLock(rl_dsn());
$holder = new RedisLock(rl_dsn());
$lock->isLocked($name);   // connected before timing
$events = [];
pcntl_async_signals(true);
/* The wait serves PHP's signal handlers as the engine would between two
 * statements: a handler runs while lock() still waits, so it sees the holder's
 * lock live and the object not holding it yet; lock() then goes on waiting. */
pcntl_signal(SIGALRM, function () use (&$events, $lock, $name) {
    $events[] = ['handler', microtime(true), $lock->isLocked($name), $lock->isLocking($name)];
});

var_dump($holder->lock($name, 0, 0.5));
$expiry = microtime(true) + 0.5;
$parent = getmypid();
/* pcntl_alarm() counts whole seconds: a child sends SIGALRM after 0.1 s instead. */
$child = l4_fork(function () use ($parent, $sent_file) {
    usleep(100000);
    file_put_contents($sent_file, (string) microtime(true));
    l4_signal($parent, 'ALRM');
});
[$e, $ok] = (function () use ($lock, $name) {
    try {
        return [null, $lock->lock($name, 2)];
    } catch (Throwable $e) {
        return [$e, null];
    }
})();
$events[] = ['lock returned', microtime(true)];
/* Should the signal be late, give the handler its chance (at most 2 s). */
l4_until(fn () => count($events) >= 2, 2.0);
l4_wait([$child], 5);
pcntl_signal(SIGALRM, SIG_DFL);

echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : var_export($ok, true), "\n";
$sent = is_file($sent_file) ? (float) file_get_contents($sent_file) : null;
@unlink($sent_file);
echo 'the signal came while lock() waited: ', $sent !== null && $sent < $expiry - 0.05 ? 'yes' : 'no', "\n";
echo 'handler runs: ', count(array_filter($events, fn ($ev) => $ev[0] === 'handler')), "\n";
foreach ($events as $ev) {
    if ($ev[0] === 'handler') {
        echo 'handler ran while lock() waited: ', $ev[1] < $expiry - 0.05 ? 'yes' : sprintf('no (%.3f s after the expiry)', $ev[1] - $expiry), "\n";
        echo 'handler isLocked(): ', var_export($ev[2], true), ', isLocking(): ', var_export($ev[3], true), "\n";
    }
}
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
lock(): true
the signal came while lock() waited: yes
handler runs: 1
handler ran while lock() waited: yes
handler isLocked(): true, isLocking(): false
bool(true)
