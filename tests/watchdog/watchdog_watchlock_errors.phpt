--TEST--
RedisLock::watchLock(): bad arguments are refused with TypeError, ValueError or BadMethodCallException, leaving the hold as it was
--DESCRIPTION--
RedisLock::watchLock(): a wrong type is a TypeError, a bad $maxHold or an empty
token a ValueError, no watchdog option a BadMethodCallException, and each
refusal leaves the hold's lifetime as it was; a token that holds nothing is
false
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$plain = new RedisLock(rl_options());
$token = $plain->addLock($name, 30, fenced: false);
$lock = new RedisLock(wd_options(0.3));
foreach ([
    fn () => $plain->watchLock($name, $token, 10),
    fn () => $lock->watchLock($name, $token, 0),
    fn () => $lock->watchLock($name, $token, -1),
    fn () => $lock->watchLock($name, $token, NAN),
    fn () => $lock->watchLock($name, $token, INF),
    fn () => $lock->watchLock($name, $token, 2e9),
    fn () => $lock->watchLock($name, '', 10),
    fn () => $lock->watchLock('', $token, 10),
    fn () => $lock->watchLock($name, $token, 'ten'),
    fn () => $lock->watchLock($name, [], 10),
] as $call) {
    try {
        var_dump($call());
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$pttl = $raw->call('PTTL', l4_key($name));
echo wd_ok($pttl > 29000, $pttl), "\n";
var_dump($lock->watchLock($name, 'not-the-token', 10));
var_dump($lock->watchLock(rl_name(), $token, 10));
var_dump($plain->releaseLock($name, $token));
var_dump($lock->watchLock($name, $token, 10));
?>
--EXPECT--
BadMethodCallException: RedisLock::watchLock() needs the "watchdog" option: the extension's thread renews the hold, and only an object created with that option runs one
ValueError: RedisLock::watchLock(): Argument #3 ($maxHold) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::watchLock(): Argument #3 ($maxHold) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::watchLock(): Argument #3 ($maxHold) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::watchLock(): Argument #3 ($maxHold) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::watchLock(): Argument #3 ($maxHold) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLock::watchLock(): Argument #2 ($token) must not be empty
ValueError: RedisLock::watchLock(): Argument #1 ($name) must not be empty
TypeError: RedisLock::watchLock(): Argument #3 ($maxHold) must be of type float, string given
TypeError: RedisLock::watchLock(): Argument #2 ($token) must be of type string, array given
ok
bool(false)
bool(false)
bool(true)
bool(false)
