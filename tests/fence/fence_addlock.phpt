--TEST--
RedisLock: (int) of an addLock() token is its fencing number, and every later acquisition of the name, by lock() or addLock(), gets a greater one
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$token = $lock->addLock($name, 30);
$fence = (int) $token;
var_dump($fence >= 1);
var_dump($token === $fence . ':' . substr($token, strpos($token, ':') + 1));
/* The object does not hold an addLock() lock, so it has no fencingToken for it. */
var_dump($lock->fencingToken($name));
var_dump($lock->releaseLock($name, $token));

$seen = [$fence];
for ($i = 0; $i < 5; $i++) {
    var_dump($other->lock($name, 0, 30));
    $f = $other->fencingToken($name);
    /* It is the number at the front of the value Redis holds. */
    var_dump($f === (int) $raw->call('GET', l4_key($name)));
    $seen[] = $f;
    var_dump($other->unlock($name));
    $t = $lock->addLock($name, 30);
    $seen[] = (int) $t;
    var_dump($lock->releaseLock($name, $t));
}
$sorted = $seen;
sort($sorted);
var_dump($sorted === $seen && count(array_unique($seen)) === count($seen) ? 'strictly increasing' : implode(',', $seen));

/* Relocking a held name renews it and keeps its number; a new acquisition after
 * the lock expired gets a new, greater one. */
/* 0.6 s: long enough not to lapse before the next check (a loaded machine may take its time between calls); then it is waited out. */
var_dump($other->lock($name, 0, 0.6));
$f = $other->fencingToken($name);
var_dump($other->lock($name, 0, 0.6));
var_dump($other->fencingToken($name) === $f);
usleep(700000);
var_dump($other->lock($name, 0, 30));
var_dump($other->fencingToken($name) > $f);

/* Nobody else gets a number for a lock they do not hold. */
var_dump($lock->fencingToken($name));
var_dump($other->unlock($name));
var_dump($other->fencingToken($name));
?>
--EXPECT--
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(19) "strictly increasing"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
NULL
