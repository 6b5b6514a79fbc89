--TEST--
RedisLock::holdsLock(): true while the lock is held under the token given (from any object or process), false for another token or once it is gone; it changes nothing
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$owner = new RedisLock(rl_dsn());
$checker = new RedisLock(rl_dsn());
$token = $owner->addLock($name, 5);
$before = [$raw->call('GET', "Lock:$name"), $raw->call('PTTL', "Lock:$name") > 4000];
var_dump($checker->holdsLock($name, $token));
var_dump($checker->holdsLock($name, $token . 'x'), $checker->holdsLock($name, '1:' . str_repeat('0', 32)));
var_dump([$raw->call('GET', "Lock:$name"), $raw->call('PTTL', "Lock:$name") > 4000] === $before);
var_dump($owner->releaseLock($name, $token), $checker->holdsLock($name, $token));
try {
    $checker->holdsLock($name, '');
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
RedisLock::holdsLock(): Argument #2 ($token) must not be empty
