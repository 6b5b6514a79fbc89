--TEST--
RedisLock::fencingToken(): a lock() lock no longer held gets no number, and the new holder's key is left as it was
--DESCRIPTION--
RedisLock::fencingToken(): a lock() lock whose number was never drawn gets none
once it is no longer held (expired, or expired and taken by another): null, and
the key of the new holder is left as it was
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

/* Expired: nobody holds it. */
var_dump($lock->lock($name, 0, 0.2));
usleep(300000);
var_dump($raw->call('EXISTS', $key));
var_dump($lock->fencingToken($name));
var_dump($raw->call('EXISTS', $key));
var_dump($lock->unlock($name));

/* Expired and taken by another object: null for the old holder, and the new
 * holder's value is untouched by the call. */
var_dump($lock->lock($name, 0, 0.2));
usleep(300000);
var_dump($other->lock($name, 0, 10));
$value = $raw->call('GET', $key);
var_dump($lock->fencingToken($name));
var_dump($raw->call('GET', $key) === $value);
$pttl = $raw->call('PTTL', $key);
var_dump($pttl > 9000 && $pttl <= 10000);

/* The new holder draws its own number; the old one still gets none. */
$fence = $other->fencingToken($name);
var_dump(is_int($fence) && $fence >= 1);
var_dump($raw->call('GET', $key) === "$fence:$value" || $raw->call('GET', $key) === $value);
var_dump($lock->fencingToken($name));
var_dump($lock->isLocking($name));
var_dump($other->isLocking($name));
var_dump($other->unlock($name));

/* Never locked at all, or released: null too. */
var_dump($lock->fencingToken(rl_name()));
var_dump($other->fencingToken($name));
?>
--EXPECT--
bool(true)
int(0)
NULL
int(0)
bool(false)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(false)
bool(true)
bool(true)
NULL
NULL
