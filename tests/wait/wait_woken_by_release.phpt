--TEST--
RedisLock: every way of releasing a lock wakes a blocked waiter at once (unlock, releaseLock, unlockAll, the holder object's destruction, synchronized)
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();

/* Starts a waiter in another process, lets $release free the lock, and says how
 * long after the release the waiter had it. Its waiting rounds last 2 s, so only a
 * wake-up explains a short delay. */
function handoff(RawRedis $raw, string $name, callable $release): string
{
    $pid = l4_fork(function () use ($name) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        $raw->call('RPUSH', "$name:ready", '1');
        if (!$lock->lock($name, 5, 15)) {
            return 10;
        }
        $raw->call('SET', "$name:acquired", sprintf('%.6f', microtime(true)));
        return $lock->unlock($name) ? 0 : 11;
    });
    $raw->call('BLPOP', "$name:ready", '5');
    /* Released once the waiter is in the queue (seen on the server). */
    ho_until_queued($raw, $name, 1, 30);
    $released = microtime(true);
    $release();
    $codes = l4_wait([$pid], 5);
    $delay = ((float) $raw->call('GET', "$name:acquired") - $released) * 1000;
    return $codes[0] === 0 && $delay >= 0 && $delay < l4_bound(1500) ? 'woken within 1.5 s' : sprintf('exit %d, %.1f ms', $codes[0], $delay);
}

$name = rl_name();
$holder = new RedisLock(rl_dsn());
$holder->lock($name, 0, 30);
var_dump(handoff($raw, $name, fn() => $holder->unlock($name)));

$name = rl_name();
$token = $holder->addLock($name, 30);
$other = new RedisLock(rl_dsn());
var_dump(handoff($raw, $name, fn() => $other->releaseLock($name, $token)));

$name = rl_name();
$holder->lock($name, 0, 30);
$holder->lock("$name:second", 0, 30);
var_dump(handoff($raw, $name, fn() => $holder->unlockAll()));

$name = rl_name();
$holder->lockMany([$name, "$name:second"], 0, 30);
var_dump(handoff($raw, $name, fn() => $holder->unlockAll()));

$name = rl_name();
$doomed = new RedisLock(rl_dsn());
$doomed->lock($name, 0, 30);
var_dump(handoff($raw, $name, function () use (&$doomed) { $doomed = null; }));

$name = rl_name();
$pid = l4_fork(function () use ($name) {
    $lock = new RedisLock(rl_dsn());
    $raw = new RawRedis();
    $lock->synchronized($name, function () use ($raw, $name) {
        $raw->call('RPUSH', "$name:held", '1');
        $raw->call('BLPOP', "$name:go", '5');
    });
    return 0;
});
$raw->call('BLPOP', "$name:held", '5');
var_dump(handoff($raw, $name, fn() => $raw->call('RPUSH', "$name:go", '1')));
echo implode(',', l4_wait([$pid])), "\n";
?>
--EXPECT--
string(18) "woken within 1.5 s"
string(18) "woken within 1.5 s"
string(18) "woken within 1.5 s"
string(18) "woken within 1.5 s"
string(18) "woken within 1.5 s"
string(18) "woken within 1.5 s"
0
