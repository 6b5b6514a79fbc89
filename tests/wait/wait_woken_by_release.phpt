--TEST--
RedisLock: every way of releasing a lock wakes a blocked waiter at once (unlock, releaseLock, unlockAll, the holder object's destruction, synchronized)
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();

/* Starts a waiter in another process, lets $release free the lock, and says whether
 * the waiter was woken by it: MONITOR shows the release's script push onto the list
 * the waiter blocked on (the server's order: a late wake-up on a loaded machine
 * does not change it). Without that push it would only have come back at the end of
 * a waiting round (2 s). */
function handoff(RawRedis $raw, string $name, callable $release): string
{
    $monitor = rl_monitor();
    $pid = l4_fork(function () use ($name) {
        $raw = new RawRedis();
        $lock = new RedisLock(rl_dsn());
        $lock->isLocked($name);
        $raw->call('RPUSH', "$name:ready", '1');
        if (!$lock->lock($name, 30, 15)) {
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
    $codes = l4_wait([$pid], 60);
    $after = (float) $raw->call('GET', "$name:acquired") - $released;
    $woken = l4_wakeups(rl_monitor_read($monitor), $name);
    fclose($monitor);
    return $codes[0] === 0 && $after >= 0 && $woken === 1 ? 'woken by the release' : sprintf('exit %d, %.3f s, %d wake-ups', $codes[0], $after, $woken);
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
string(20) "woken by the release"
string(20) "woken by the release"
string(20) "woken by the release"
string(20) "woken by the release"
string(20) "woken by the release"
string(20) "woken by the release"
0
