--TEST--
RedisLock::fencingToken(): on a lock() lock the first call draws the number in one round trip; later calls send nothing
--DESCRIPTION--
RedisLock::fencingToken(): on a lock() lock the number is drawn by the first
call, in one round trip, which rewrites the stored value to "<fence>:<token>"
keeping its lifetime; later calls return the same number without a round trip,
and the lock still works as before
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$lock = new RedisLock(rl_dsn());

/* Connected, and the scripts involved known to the server, before counting. */
$warm = rl_name(':warm');
var_dump($lock->lock($warm, 0, 5) && is_int($lock->fencingToken($warm)) && $lock->unlock($warm));

$skip = [ho_addr($raw)];
var_dump($lock->lock($name, 0, 10));
$token = $raw->call('GET', $key);
var_dump(preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $token));
usleep(300000);
$pttl_before = $raw->call('PTTL', $key);

$monitor = rl_monitor();
$fence = $lock->fencingToken($name);
$first = ho_others(rl_monitor_read($monitor), $name, $skip);
var_dump(is_int($fence) && $fence >= 1);
echo "first call: ", count($first), " command(s)\n";

/* The stored value now carries the number in front of the same random part... */
var_dump($raw->call('GET', $key) === "$fence:$token");
/* ...and the lifetime ran on: it was neither reset nor removed. */
$pttl_after = $raw->call('PTTL', $key);
var_dump($pttl_after > 0 && $pttl_after <= $pttl_before ? 'lifetime kept' : "PTTL $pttl_before then $pttl_after");

/* Later calls: the same number, and nothing sent. */
var_dump($lock->fencingToken($name) === $fence);
var_dump($lock->fencingToken($name) === $fence);
$later = ho_others(rl_monitor_read($monitor), $name, $skip);
echo "later calls: ", count($later), " command(s)\n";
fclose($monitor);

/* The rewritten value is still this object's lock in every respect. */
var_dump($lock->isLocking($name));
$ttl = $lock->ttl($name);
var_dump($ttl > 8 && $ttl <= 10);
var_dump($lock->expire($name, 20));
var_dump($raw->call('PTTL', $key) > 19000);
var_dump($raw->call('GET', $key) === "$fence:$token");
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', $key));
var_dump($lock->fencingToken($name));
?>
--EXPECT--
bool(true)
bool(true)
int(1)
bool(true)
first call: 1 command(s)
bool(true)
string(13) "lifetime kept"
bool(true)
bool(true)
later calls: 0 command(s)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
NULL
