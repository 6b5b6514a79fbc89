--TEST--
RedisLock::lock(): a waiter killed with SIGKILL leaves the queue by itself within a few seconds; the waiters behind it then get the lock
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

/* The first waiter is killed while it waits. */
$dead = l4_fork(function () use ($name, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $lock->lock($name, 20, 15);
    return 10;
});
$raw->call('BLPOP', $ready, '5');
/* Killed once it is in the queue (seen on the server), not after a pause assumed long enough. */
require_once __DIR__ . '/../harness/handoff_test.inc';
$queued = ho_until_queued($raw, $name, 1, 30);
l4_signal($dead, 'KILL');
$killed = microtime(true);
echo implode(',', l4_wait([$dead], 5)), "\n";
var_dump($queued);

var_dump($holder->unlock($name));
$waiter = new RedisLock(rl_dsn());
var_dump($waiter->lock($name, 30, 15));
$after = microtime(true) - $killed;
/* The dead waiter's mark lapses 2.5 s after its last round; were it kept, the 30 s
 * wait would end without the lock: the bound is half of that, far from both. */
var_dump($after < l4_bound(15) ? 'within a few seconds' : "after $after s");
var_dump($waiter->unlock($name));

/* Nothing of the dead waiter is left in the way. */
var_dump($holder->lock($name));
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
-1
bool(true)
bool(true)
bool(true)
string(20) "within a few seconds"
bool(true)
bool(true)
bool(true)
