--TEST--
RedisLock: unlock(), expire(), ttl(), isLocking() and unlockAll() act on this object's own shared hold only
--DESCRIPTION--
RedisLock: unlock(), expire(), ttl(), isLocking() and unlockAll() act on this
object's own shared hold only: expire() moves its deadline and not the other
reader's, unlock() is true once then false, an expired share reads as not held
(isLocked() false too)
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lockShared($name, 0, 10), $b->lockShared($name, 0, 10));
$ttl = $a->ttl($name);
echo 'ttl(): ', sem_yes($ttl > 9 && $ttl <= 10, $ttl), "\n";
$before = sem_zset($raw, $key);
var_dump($a->expire($name, 30));
$ttl = $a->ttl($name);
echo 'ttl() after expire(30): ', sem_yes($ttl > 29 && $ttl <= 30, $ttl), "\n";
$after = sem_zset($raw, $key);
$moved = array_keys(array_diff_assoc($after, $before));
echo 'one deadline moved: ', sem_yes(count($moved) === 1, [$before, $after]), "\n";
$ttl = $b->ttl($name);
echo "the other reader's ttl() unchanged: ", sem_yes($ttl > 9 && $ttl <= 10, $ttl), "\n";

var_dump($a->isLocking($name));
var_dump($a->unlock($name), $a->unlock($name));
var_dump($a->isLocking($name), $a->ttl($name), $a->expire($name, 5));
var_dump($b->isLocking($name), sh_count($raw, $name));

/* b's share runs out. */
var_dump($b->expire($name, 0.2));
usleep(350000);
var_dump($b->isLocking($name), $b->ttl($name), $b->unlock($name), $b->expire($name, 5));
var_dump($a->isLocked($name));

/* unlockAll() with a shared and an exclusive hold. */
var_dump($a->lockShared("$name:s"), $a->lock("$name:x"), $b->lockShared("$name:s"));
var_dump($a->unlockAll());
var_dump($raw->call('EXISTS', "$key:x"), sh_count($raw, "$name:s"));
var_dump($b->isLocking("$name:s"), $b->unlock("$name:s"));
var_dump($raw->call('EXISTS', "$key:s"));
?>
--EXPECT--
bool(true)
bool(true)
ttl(): yes
bool(true)
ttl() after expire(30): yes
one deadline moved: yes
the other reader's ttl() unchanged: yes
bool(true)
bool(true)
bool(false)
bool(false)
NULL
bool(false)
bool(true)
int(1)
bool(true)
bool(false)
NULL
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(1)
bool(true)
bool(true)
int(0)
