--TEST--
RedisLock::lock(): a caller with $timeout 0 does not jump the queue of waiters
--DESCRIPTION--
RedisLock::lock(): a caller with $timeout 0 does not jump the queue: while a
waiter is queued it gets false, also after the holder unlocked (the lock is then
promised to the waiter, and isLocked() says so), and the waiter gets the lock
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$order = "$name:order";
$ready = "$name:ready";
$holder = new RedisLock(rl_dsn());
$caller = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

$waiter = l4_fork(function () use ($name, $order, $ready) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, 'waiter');
    if (!$lock->lock($name, 10, 15)) {
        return 10;
    }
    $raw->call('RPUSH', $order, 'waiter');
    usleep(300000);
    return $lock->unlock($name) ? 0 : 11;
});
$raw->call('BLPOP', $ready, '5');
/* In the queue (seen on the server), not after a pause assumed long enough. */
$queued = ho_until_queued($raw, $name, 1, 30);

/* Held and queued: false, of course. */
var_dump($queued && !$caller->lock($name));

/* Freeze the waiter, so that the lock stays promised to it after the unlock, not
 * yet confirmed. */
l4_signal($waiter, 'STOP');
var_dump($holder->unlock($name));
var_dump($caller->isLocked($name));
var_dump($caller->lock($name));
var_dump($caller->addLock($name));
var_dump($caller->lockMany([$name, "$name:other"]));
var_dump($caller->isLocked($name));
l4_signal($waiter, 'CONT');

/* A barging loop of $timeout 0 calls while the waiter wakes up: the waiter wins. */
$barged = false;
$deadline = microtime(true) + 2;
while (microtime(true) < $deadline && $raw->call('LLEN', $order) === 0) {
    if ($caller->lock($name)) {
        $barged = true;
        $raw->call('RPUSH', $order, 'caller');
        $caller->unlock($name);
        break;
    }
}
var_dump($barged);
echo implode(',', $raw->call('LRANGE', $order, '0', '-1')), "\n";
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
/* Nobody queued any more: the lock is the caller's at once. */
var_dump($caller->lock($name));
var_dump($caller->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
waiter
0
bool(true)
bool(true)
