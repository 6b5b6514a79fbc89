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

$before = microtime(true);
$token = $holder->addLock($b, 0.6);
$after = microtime(true);
var_dump(is_string($token));
var_dump($lock->lockMany([$a, $b], 5, 10));
$acquired = microtime(true);
var_dump($acquired - $before >= 0.59 ? 'not before the expiry' : 'too early');
$late = ($acquired - ($after + 0.6)) * 1000;
var_dump($late < l4_bound(1500) ? 'within 1.5 s of the expiry' : sprintf('%.1f ms after the expiry', $late));
var_dump($holder->releaseLock($b, $token));
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
bool(true)
string(21) "not before the expiry"
string(26) "within 1.5 s of the expiry"
bool(false)
bool(true)
