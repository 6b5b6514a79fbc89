--TEST--
RedisLock::fenceLock(): bad arguments throw ValueError or TypeError, Redlock BadMethodCallException, none touching the hold
--DESCRIPTION--
RedisLock::fenceLock(): an empty name or token, or a shared token, throws
ValueError naming the parameter; a wrong type throws TypeError; under Redlock it
throws BadMethodCallException; none of them touches the hold
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sname = rl_name(':shared');
$lock = new RedisLock(rl_dsn());
$token = $lock->addLock($name, 10, fenced: false);
$shared = $lock->addLock($sname, 10, shared: true);
$calls = [
    fn () => $lock->fenceLock('', $token),
    fn () => $lock->fenceLock($name, ''),
    fn () => $lock->fenceLock($sname, $shared),
    fn () => $lock->fenceLock($name, []),
    fn () => $lock->fenceLock($name),
];
foreach ($calls as $call) {
    try {
        var_dump($call());
    } catch (TypeError | ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('GET', "Lock:$name") === $token);
var_dump($lock->holdsLock($sname, $shared));

$redlock = new RedisLock(topo_redlock_options());
$held = $redlock->addLock($name . ':r', 10, fenced: false);
var_dump(is_string($held));
try {
    var_dump($redlock->fenceLock($name . ':r', $held));
} catch (BadMethodCallException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($redlock->releaseLock($name . ':r', $held));
var_dump($lock->releaseLock($name, $token), $lock->releaseLock($sname, $shared));
?>
--EXPECT--
ValueError: RedisLock::fenceLock(): Argument #1 ($name) must not be empty
ValueError: RedisLock::fenceLock(): Argument #2 ($token) must not be empty
ValueError: RedisLock::fenceLock(): Argument #2 ($token) must be the token of an exclusive hold: shared holds have no fencing numbers
TypeError: RedisLock::fenceLock(): Argument #2 ($token) must be of type string, array given
ArgumentCountError: RedisLock::fenceLock() expects exactly 2 arguments, 1 given
bool(true)
bool(true)
bool(true)
BadMethodCallException: RedisLock::fenceLock() is not available with redlock: independent servers count separately, so no number orders the holders of a majority
bool(true)
bool(true)
bool(true)
