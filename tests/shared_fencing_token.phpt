--TEST--
RedisLock::fencingToken() on a shared hold throws LogicException (a shared hold has no fencing number) and leaves the hold as it was; after promotion to exclusive it returns a number
--FILE--
<?php
require __DIR__ . '/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lockShared($name, 0, 10));
$before = sem_zset($raw, l4_key($name));
try {
    var_dump($lock->fencingToken($name));
} catch (Throwable $e) {
    echo 'LogicException: ', sem_yes($e instanceof LogicException, get_class($e)), "\n";
}
var_dump(sem_zset($raw, l4_key($name)) === $before, $lock->isLocking($name));
var_dump($lock->lock($name, 0));
var_dump(is_int($lock->fencingToken($name)));
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
LogicException: yes
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
