--TEST--
RedisLock::synchronized(): runs $fn once while holding the lock and returns exactly what $fn returns; the lock is released afterwards
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$calls = 0;
$result = $lock->synchronized($name, function () use ($lock, $other, $raw, $name, &$calls) {
    $calls++;
    /* Inside: this object holds the lock and nobody else can take it. */
    var_dump($lock->isLocking($name));
    var_dump($other->isLocked($name));
    var_dump($other->lock($name));
    var_dump(is_int($lock->fencingToken($name)));
    $pttl = $raw->call('PTTL', l4_key($name));
    var_dump($pttl > 14000 && $pttl <= 15000);
    return ['answer' => 42, 'list' => [1, 2.5, 'x']];
});
var_dump($calls);
var_dump($result);
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($lock->isLocking($name));
var_dump($lock->fencingToken($name));

/* Values of every kind come back as they are. */
$object = new stdClass();
var_dump($lock->synchronized($name, fn() => $object) === $object);
var_dump($lock->synchronized($name, fn() => null));
var_dump($lock->synchronized($name, fn() => false));
var_dump($lock->synchronized($name, function () {}));
var_dump($lock->synchronized($name, fn() => 1.5));
var_dump($lock->synchronized($name, [new ArrayObject([1, 2, 3]), 'count']));
var_dump($lock->synchronized($name, 'phpversion') === phpversion());
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($other->lock($name));
var_dump($other->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
int(1)
array(2) {
  ["answer"]=>
  int(42)
  ["list"]=>
  array(3) {
    [0]=>
    int(1)
    [1]=>
    float(2.5)
    [2]=>
    string(1) "x"
  }
}
int(0)
bool(false)
NULL
bool(true)
NULL
bool(false)
NULL
float(1.5)
int(3)
bool(true)
int(0)
bool(true)
bool(true)
