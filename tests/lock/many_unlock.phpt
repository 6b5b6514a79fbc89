--TEST--
RedisLock::lockMany(): the names are held like lock() ones: unlock() each, unlockAll(), expire(), isLocking(), fencingToken() per name, and auto-release with the object
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$names = [rl_name(':a'), rl_name(':b'), rl_name(':c')];
[$a, $b, $c] = $names;
$lock = new RedisLock(rl_dsn());

var_dump($lock->lockMany($names, 0, 20));
foreach ($names as $n) {
    $pttl = $raw->call('PTTL', l4_key($n));
    var_dump($lock->isLocking($n) && $pttl > 19000 && $pttl <= 20000);
}
/* Each name has its own number: the one at the front of its value in Redis. */
foreach ($names as $n) {
    $f = $lock->fencingToken($n);
    var_dump(is_int($f) && $f >= 1 && $f === (int) $raw->call('GET', l4_key($n)));
}

var_dump($lock->unlock($a));
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b), l4_key($c)));
var_dump($lock->fencingToken($a));
var_dump($lock->expire($b, 50));
$pttl = $raw->call('PTTL', l4_key($b));
var_dump($pttl > 49000 && $pttl <= 50000);
var_dump($lock->unlockAll());
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b), l4_key($c)));
var_dump($lock->fencingToken($b), $lock->fencingToken($c));
var_dump($lock->unlock($b));

/* Released when the object goes away. */
var_dump($lock->lockMany($names));
unset($lock);
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b), l4_key($c)));
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
int(2)
NULL
bool(true)
bool(true)
bool(true)
int(0)
NULL
NULL
bool(false)
bool(true)
int(0)
