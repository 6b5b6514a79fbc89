--TEST--
RedisLock: the random part of an addLock() token names its hold, with or without a fencing number in front
--DESCRIPTION--
RedisLock: the random part of an addLock() token names its hold, with its
fencing number in front, without it, or with another number in front:
holdsLock() and extendLock() accept each form and releaseLock() with the bare
random part releases it; the stored value and its number stay as they were until
then
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$token = $lock->addLock($name, 10);
[$fence, $random] = explode(':', (string) $token);
foreach ([$token, $random, ($fence + 1) . ':' . $random] as $form) {
    var_dump($other->holdsLock($name, $form));
}
var_dump($other->extendLock($name, $random, 20));
var_dump($raw->call('PTTL', $key) > 19000);
var_dump($other->extendLock($name, '1:' . $random, 30));
var_dump($raw->call('PTTL', $key) > 29000);
var_dump($raw->call('GET', $key) === $token);
var_dump($other->releaseLock($name, $random), $other->releaseLock($name, $token));
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
