--TEST--
RedisLock::lockMany(): each name gets its own fencing number, greater than the name's earlier ones, readable with fencingToken()
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$names = [rl_name(':a'), rl_name(':b'), rl_name(':{tagged}c')];
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$before = [];
foreach ($names as $n) {
    $t = $other->addLock($n, 30);
    $before[$n] = (int) $t;
    $other->releaseLock($n, $t);
}
var_dump($lock->lockMany($names, 0, 30));
foreach ($names as $n) {
    $f = $lock->fencingToken($n);
    var_dump(is_int($f) && $f > $before[$n] && $f === (int) $raw->call('GET', l4_key($n)));
}
$first = array_map(fn($n) => $lock->fencingToken($n), $names);
var_dump($lock->unlockAll());
var_dump($lock->lockMany($names, 0, 30));
foreach ($names as $i => $n) {
    var_dump($lock->fencingToken($n) > $first[$i]);
}
var_dump($lock->unlockAll());
foreach ($names as $n) {
    var_dump($lock->fencingToken($n));
}
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
bool(true)
NULL
NULL
NULL
