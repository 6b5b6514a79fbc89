--TEST--
RedisLock::addLock(): with $timeout it waits for the lock, returning a token soon after the holder unlocks, or false after about $timeout
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$holder = new RedisLock(rl_dsn());
$lock->isLocked($name); // connected before timing

var_dump($holder->lock($name, 0, 30));
$start = microtime(true);
var_dump($lock->addLock($name, 10, 0.3));
$elapsed = microtime(true) - $start;
var_dump($elapsed >= 0.25 && $elapsed < l4_bound(2.5) ? 'false after about 0.3 s' : "after $elapsed s");
var_dump($holder->isLocking($name));
var_dump($holder->unlock($name));

/* Now the holder is another process that unlocks after 0.4 s. */
$pid = l4_fork(function () use ($name) {
    $raw = new RawRedis();
    $holder = new RedisLock(rl_dsn());
    if (!$holder->lock($name, 0, 30)) {
        return 10;
    }
    /* It unlocks once the waiter is queued (so that the waiter did wait). */
    l4_until(fn () => $raw->call('EXISTS', '{' . l4_key($name) . '}:queue') === 1, 30);
    $raw->call('SET', "$name:unlocked", sprintf('%.6f', microtime(true)));
    return $holder->unlock($name) ? 0 : 11;
});
var_dump(l4_until(fn() => $raw->call('EXISTS', l4_key($name)) === 1));
$monitor = rl_monitor();
$token = $lock->addLock($name, 10, 30);
$acquired = microtime(true);
var_dump(is_string($token) && $raw->call('GET', l4_key($name)) === $token);
var_dump($acquired >= (float) $raw->call('GET', "$name:unlocked") ? 'after the unlock' : 'before the unlock');
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 0 && $pttl <= 10000);
echo implode(',', l4_wait([$pid])), "\n";
/* Woken by the unlock, not at the end of a wait round: MONITOR shows the unlock's
 * script push onto the list the waiter blocked on (the server's order, which a late
 * wake-up on a loaded machine does not change). */
var_dump(l4_wakeups(rl_monitor_read($monitor), $name) === 1 ? 'woken by the unlock' : 'not woken');
fclose($monitor);
var_dump($lock->releaseLock($name, $token));
?>
--EXPECT--
bool(true)
bool(false)
string(23) "false after about 0.3 s"
bool(true)
bool(true)
bool(true)
bool(true)
string(16) "after the unlock"
bool(true)
0
string(19) "woken by the unlock"
bool(true)
