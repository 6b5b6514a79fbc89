--TEST--
RedisLock::synchronized(): when its lock expired during $fn and someone else took it, the release at the end leaves the new holder's lock alone
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$result = $lock->synchronized($name, function () use ($other, $name) {
    usleep(350000);
    return $other->lock($name, 0, 30);
}, 0, 0.2);
var_dump($result);
var_dump($other->isLocking($name));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 25000);
var_dump($lock->isLocking($name));
var_dump($other->unlock($name));

/* The same when $fn throws. */
try {
    $lock->synchronized($name, function () use ($other, $name) {
        usleep(350000);
        $other->lock($name, 0, 30);
        throw new LogicException('late');
    }, 0, 0.2);
} catch (LogicException $e) {
    echo $e->getMessage(), "\n";
}
var_dump($other->isLocking($name));
var_dump($other->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
late
bool(true)
bool(true)
