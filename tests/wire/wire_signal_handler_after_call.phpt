--TEST--
RedisLock::lock(): a signal that arrives while lock() waits (pcntl_async_signals) does not break the wait, and its PHP handler runs only once lock() has returned: then it sees the lock held by the object, after the holder's expiry
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
/* PHP runs an async handler at the first interrupt check after the signal, which
 * for a signal during lock() is once lock() has returned, before the statement that
 * follows it. The handler cannot tell that from its backtrace (from PHP 8.4 the
 * returned call's frame is still on the stack while the handler runs), so it tells
 * by what it sees: had it run while lock() waited, the object would not hold the
 * lock yet and the holder's lock would not have expired. */
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
        echo 'handler ran after the holder expired: ', $ev[1] >= $expiry - 0.05 ? 'yes' : sprintf('no (%.3f s before)', $expiry - $ev[1]), "\n";
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
handler ran after the holder expired: yes
handler isLocked(): true, isLocking(): true
bool(true)
