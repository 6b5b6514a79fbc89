--TEST--
RedisLock::releaseLock(): true once, then false; a wrong or stale token releases nothing, not even a newer holder's lock
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());

$token = $lock->addLock($name, 30);
[$fence, $random] = explode(':', $token);

/* Tokens that do not name the hold Redis has: the same number with another random
 * part, another random part alone, garbage. (The random part names a hold, with or
 * without a number in front: see token_random_part_names_hold.phpt.) */
foreach ([$fence . ':' . str_repeat('0', 32), strrev($random), 'x', $token . ' '] as $wrong) {
    var_dump($lock->releaseLock($name, $wrong));
}
var_dump($raw->call('GET', l4_key($name)) === $token);

var_dump($lock->releaseLock($name, $token));
var_dump($lock->releaseLock($name, $token));
var_dump($raw->call('EXISTS', l4_key($name)));

/* A token whose lock expired does not release the next holder's lock. */
$old = $lock->addLock($name, 0.1);
usleep(250000);
$new = $lock->addLock($name, 30);
var_dump(is_string($new) && $new !== $old);
var_dump($lock->releaseLock($name, $old));
var_dump($raw->call('GET', l4_key($name)) === $new);
var_dump($lock->releaseLock($name, $new));
var_dump($lock->releaseLock($name, $new));

/* A name never locked. */
var_dump($lock->releaseLock("$name:never", $token));
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
int(0)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(false)
