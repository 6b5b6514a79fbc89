--TEST--
RedisLock::lockMany(): with $timeout it takes all the names not before the expiry of a busy name whose holder never unlocks
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$lock = new RedisLock(rl_dsn());
$holder = new RedisLock(rl_dsn());
$lock->isLocked($a); // connected before timing

$monitor = rl_monitor();
$before = microtime(true);
$token = $holder->addLock($b, 0.6);
$after = microtime(true);
var_dump(is_string($token));
var_dump($lock->lockMany([$a, $b], 30, 10));
$acquired = microtime(true);
var_dump($acquired - $before >= 0.59 ? 'not before the expiry' : 'too early');
/* Woken at the expiry, not at the end of a wait round (2 s): each BLPOP the waiter
 * sent asked the server to block no longer than the hold had left (0.6 s, and the
 * 50 ms the server's timeout is given beyond the client's), as MONITOR shows; a
 * late wake-up on a loaded machine does not change what it asked. */
$blocks = array_column(l4_blpops(rl_monitor_read($monitor), ':' . getmypid() . ':'), 'timeout');
fclose($monitor);
var_dump($blocks !== [] && max($blocks) <= 0.66 ? 'blocked until the expiry' : 'blocked for ' . implode(', ', $blocks) . ' s');
var_dump($holder->releaseLock($b, $token));
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
bool(true)
string(21) "not before the expiry"
string(24) "blocked until the expiry"
bool(false)
bool(true)
