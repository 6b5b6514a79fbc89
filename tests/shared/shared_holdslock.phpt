--TEST--
RedisLock::holdsLock(): true for each shared holder's token (as stored in the sorted set), false for an unknown shared token and once that holder unlocked; it changes nothing
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
$checker = new RedisLock(rl_dsn());
var_dump($a->lockShared($name, 0, 10));
[$ta] = sh_tokens($raw, $name);
var_dump($b->lockShared($name, 0, 10));
$tb = array_values(array_diff(sh_tokens($raw, $name), [$ta]))[0] ?? '';
$before = sem_zset($raw, l4_key($name));
var_dump($checker->holdsLock($name, $ta), $checker->holdsLock($name, $tb));
var_dump($checker->holdsLock($name, 'shared:' . str_repeat('0', 32)), $checker->holdsLock($name, substr($ta, 7)));
var_dump(sem_zset($raw, l4_key($name)) === $before);
var_dump($a->unlock($name));
var_dump($checker->holdsLock($name, $ta), $checker->holdsLock($name, $tb));
var_dump($b->unlock($name), $checker->holdsLock($name, $tb));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
