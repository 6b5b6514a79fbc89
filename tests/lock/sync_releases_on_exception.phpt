--TEST--
RedisLock::synchronized(): when $fn throws, the very exception propagates and the lock is released
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$other = new RedisLock(rl_dsn());

$thrown = new DomainException('from inside', 7);
try {
    $lock->synchronized($name, function () use ($thrown, $raw, $name) {
        var_dump($raw->call('EXISTS', l4_key($name)));
        throw $thrown;
    });
    echo "not reached\n";
} catch (DomainException $e) {
    var_dump($e === $thrown);
    var_dump($e->getPrevious());
}
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($lock->isLocking($name));
var_dump($lock->ttl($name));

/* An Error, thrown by the engine, too. */
try {
    $lock->synchronized($name, function () {
        return intdiv(1, 0);
    });
} catch (DivisionByZeroError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($raw->call('EXISTS', l4_key($name)));

/* Nested: an inner synchronized() on another name that throws releases both. */
try {
    $lock->synchronized($name, function () use ($lock, $name) {
        $lock->synchronized("$name:inner", function () {
            throw new RuntimeException('inner');
        });
    });
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($raw->call('EXISTS', l4_key($name), l4_key("$name:inner")));

var_dump($other->lock($name));
var_dump($other->lock("$name:inner"));
var_dump($other->unlockAll());
?>
--EXPECT--
int(1)
bool(true)
NULL
int(0)
bool(false)
NULL
DivisionByZeroError: Division by zero
int(0)
RuntimeException: inner
int(0)
bool(true)
bool(true)
bool(true)
