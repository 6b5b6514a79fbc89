--TEST--
RedisLock::unlock(): with a waiter queued, the lock is promised straight to it, with no moment free
--DESCRIPTION--
RedisLock::unlock(): with a waiter queued, the lock is promised straight to it:
the moment unlock() returns (the waiter frozen meanwhile) the key already names
the waiter, isLocked() is true and $timeout 0 callers get false; the waiter then
holds it under that token
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$ready = "$name:ready";
$report = "$name:report";
$go = "$name:go";
$holder = new RedisLock(rl_dsn());
$caller = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$held = $raw->call('GET', $key);
var_dump($caller->isLocked($name)); // connected

$waiter = l4_fork(function () use ($name, $key, $ready, $report, $go) {
    $raw = new RawRedis();
    $lock = new RedisLock(rl_dsn());
    $lock->isLocked($name);
    $raw->call('RPUSH', $ready, '1');
    $ok = $lock->lock($name, l4_bound(5), 15);
    /* What Redis holds now that this process has the lock. */
    $raw->call('RPUSH', $report, ($ok ? 'locked' : 'busy') . ' ' . $raw->call('GET', $key));
    $raw->call('BLPOP', $go, '10');
    return $ok && $lock->unlock($name) ? 0 : 10;
});
$raw->call('BLPOP', $ready, '5');
var_dump(ho_until_queued($raw, $name, 1));
usleep(50000);

/* The waiter is frozen across the unlock, so whatever holds the lock then was
 * done by the unlock itself, not by a quick waiter. */
l4_signal($waiter, 'STOP');
var_dump($holder->unlock($name));
$value = $raw->call('GET', $key);
var_dump($caller->isLocked($name));
var_dump($caller->lock($name));
var_dump($caller->addLock($name));
var_dump($caller->lockMany([$name, "$name:other"]));
var_dump(is_string($value) && $value !== $held);
var_dump($holder->isLocking($name));
l4_signal($waiter, 'CONT');

/* The waiter confirms that what the key held was its own token. */
[, $line] = $raw->call('BLPOP', $report, '5') ?? [null, 'none'];
[$state, $seen] = explode(' ', $line . ' ');
var_dump($state);
var_dump($seen === explode('|', (string) $value)[0]);
$raw->call('RPUSH', $go, '1');
echo implode(',', l4_wait([$waiter], l4_bound(10))), "\n";
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $ready, $report, $go);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
bool(false)
string(6) "locked"
bool(true)
0
int(0)
