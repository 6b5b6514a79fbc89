--TEST--
RedisLock exceptions: one base class extending RuntimeException, with connection, timeout and server subclasses
--FILE--
<?php
foreach (['RedisLockException', 'RedisLockConnectionException', 'RedisLockTimeoutException', 'RedisLockServerException'] as $class) {
    $r = new ReflectionClass($class);
    echo $class, ' extends ', $r->getParentClass()->getName(),
        $r->isFinal() ? ' (final)' : '', $r->isAbstract() ? ' (abstract)' : '', "\n";
}
var_dump(new RedisLockTimeoutException('x') instanceof RuntimeException);
var_dump(is_subclass_of('RedisLockServerException', 'RedisLockException'));
?>
--EXPECT--
RedisLockException extends RuntimeException
RedisLockConnectionException extends RedisLockException
RedisLockTimeoutException extends RedisLockException
RedisLockServerException extends RedisLockException
bool(true)
bool(true)
