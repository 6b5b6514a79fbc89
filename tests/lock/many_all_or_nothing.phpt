--TEST--
RedisLock::lockMany(): when one of the names is busy it returns false and takes none of them; once free, it takes them all
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$a = rl_name(':a');
$b = rl_name(':b');
$c = rl_name(':c');
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

var_dump($other->lock($b, 0, 30));
foreach ([[$a, $b, $c], [$b, $a, $c], [$a, $c, $b]] as $names) {
    var_dump($lock->lockMany($names));
    var_dump($raw->call('EXISTS', l4_key($a), l4_key($c)));
}
/* With a timeout too, the others are not taken while it waits, nor after. */
$pid = l4_fork(function () use ($a, $c) {
    usleep(100000);
    $raw = new RawRedis();
    return $raw->call('EXISTS', l4_key($a), l4_key($c)) === 0 ? 0 : 10;
});
var_dump($lock->lockMany([$a, $b, $c], 0.3));
echo implode(',', l4_wait([$pid])), "\n";
var_dump($raw->call('EXISTS', l4_key($a), l4_key($c)));
var_dump($lock->isLocking($a), $lock->isLocking($c));
var_dump($lock->fencingToken($a), $lock->fencingToken($c));
var_dump($other->isLocking($b));

var_dump($other->unlock($b));
var_dump($lock->lockMany([$a, $b, $c], 0, 30));
var_dump($raw->call('EXISTS', l4_key($a), l4_key($b), l4_key($c)));
var_dump($lock->isLocking($a), $lock->isLocking($b), $lock->isLocking($c));
/* Each value is a token, and the object knows each one's fencing number. */
foreach ([$a, $b, $c] as $n) {
    $value = $raw->call('GET', l4_key($n));
    var_dump(preg_match('/^[1-9][0-9]*:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/', $value) === 1 && (int) $value === $lock->fencingToken($n));
}
/* And the others cannot get any of them now. */
var_dump($other->lock($a), $other->lock($c), $other->lockMany([$c]));
var_dump($lock->unlockAll());
?>
--EXPECT--
bool(true)
bool(false)
int(0)
bool(false)
int(0)
bool(false)
int(0)
bool(false)
0
int(0)
bool(false)
bool(false)
NULL
NULL
bool(true)
bool(true)
bool(true)
int(3)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(false)
bool(true)
