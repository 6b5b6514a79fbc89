--TEST--
RedisLock::inspect(): null for a free name; for a held lock mode, holders, ttl by the server's clock, waiters, fencing, promised and held_by, in that order; null again once it is unlocked or expired
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$lock = new RedisLock(rl_dsn());
$name = rl_name();
var_dump($lock->inspect($name));
$lock->lock($name, 0, 10);
$seen = $lock->inspect($name);
var_dump(array_keys($seen));
var_dump($seen['mode'], $seen['holders'], $seen['waiters'], $seen['oldest_wait'], $seen['fencing'], $seen['promised']);
var_dump($seen['ttl'] > 9.0 && $seen['ttl'] <= 10.0);
$lock->unlock($name);
var_dump($lock->inspect($name));

/* A fenced hold shows its number, which is the number in front of its token. */
$token = $lock->addLock($name, 5);
$seen = $lock->inspect($name);
var_dump($seen['fencing'] === (int) strstr($token, ':', true), $seen['ttl'] > 4.0 && $seen['ttl'] <= 5.0);
$lock->releaseLock($name, $token);

$lock->lock($name, 0, 0.2);
usleep(300000);
var_dump($lock->inspect($name));
?>
--EXPECT--
NULL
array(8) {
  [0]=>
  string(4) "mode"
  [1]=>
  string(7) "holders"
  [2]=>
  string(3) "ttl"
  [3]=>
  string(7) "waiters"
  [4]=>
  string(11) "oldest_wait"
  [5]=>
  string(7) "fencing"
  [6]=>
  string(8) "promised"
  [7]=>
  string(7) "held_by"
}
string(9) "exclusive"
int(1)
int(0)
NULL
NULL
bool(false)
bool(true)
NULL
bool(true)
bool(true)
NULL
