--TEST--
RedisLock::inspect() of a shared lock: mode 'shared', one holder per live share, and the ttl of the longest share
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
$a->lockShared($name, 0, 4);
$b->lockShared($name, 0, 9);
$seen = $a->inspect($name);
var_dump($seen['mode'], $seen['holders'], $seen['fencing'], $seen['waiters']);
var_dump($seen['ttl'] > 8.0 && $seen['ttl'] <= 9.0);
$b->unlock($name);
$seen = $a->inspect($name);
var_dump($seen['holders'], $seen['ttl'] > 3.0 && $seen['ttl'] <= 4.0);
$a->unlock($name);
var_dump($a->inspect($name));
?>
--EXPECT--
string(6) "shared"
int(2)
NULL
int(0)
bool(true)
int(1)
bool(true)
NULL
