--TEST--
RedisLock::synchronized(), addLock(), extendLock(), releaseLock() and lockMany() accept named arguments in any order
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());

var_dump($lock->synchronized(expire: 5, fn: function () use ($raw, $name) {
    $pttl = $raw->call('PTTL', l4_key($name));
    return $pttl > 4000 && $pttl <= 5000;
}, name: $name));
var_dump($lock->synchronized($name, timeout: 0.5, fn: fn() => 'timeout only'));

$token = $lock->addLock(timeout: 0.5, name: $name, expire: 7);
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 6000 && $pttl <= 7000);
var_dump($lock->extendLock(expire: 40, token: $token, name: $name));
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 39000 && $pttl <= 40000);
var_dump($lock->releaseLock(token: $token, name: $name));

var_dump($lock->lockMany(expire: 3, names: ["$name:a", "$name:b"]));
$pttl = $raw->call('PTTL', l4_key("$name:b"));
var_dump($pttl > 2000 && $pttl <= 3000);
var_dump($lock->unlockAll());

try {
    $lock->synchronized($name, fn() => 1, expire: 0);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
try {
    $lock->synchronized(name: $name, fn: fn() => 1, wait: 1);
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
string(12) "timeout only"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
RedisLock::synchronized(): Argument #4 ($expire) must be a finite number of seconds greater than 0 and at most 1e9
Error: Unknown named parameter $wait
