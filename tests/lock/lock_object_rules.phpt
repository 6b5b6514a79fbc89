--TEST--
RedisLock objects: an unconstructed subclass instance, a second __construct(), clone and serialize are all refused with an Error
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
class ForgetfulLock extends RedisLock
{
    public function __construct() {}
}
$f = new ForgetfulLock();
foreach (['lock' => ['n'], 'unlock' => ['n'], 'unlockAll' => [], 'expire' => ['n', 1], 'isLocking' => ['n']] as $method => $args) {
    try {
        var_dump($f->$method(...$args));
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($f);
unset($f);

$lock = new RedisLock(rl_dsn());
try {
    $lock->__construct(rl_dsn());
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    clone $lock;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    serialize($lock);
} catch (Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
/* The object still works after all that. */
$name = rl_name();
var_dump($lock->lock($name), $lock->unlock($name));
?>
--EXPECT--
Error: ForgetfulLock object is not initialized: its constructor was not called
Error: ForgetfulLock object is not initialized: its constructor was not called
Error: ForgetfulLock object is not initialized: its constructor was not called
Error: ForgetfulLock object is not initialized: its constructor was not called
Error: ForgetfulLock object is not initialized: its constructor was not called
object(ForgetfulLock)#1 (0) {
}
Error: RedisLock::__construct() cannot be called twice
Error: Trying to clone an uncloneable object of class RedisLock
Exception: Serialization of 'RedisLock' is not allowed
bool(true)
bool(true)
