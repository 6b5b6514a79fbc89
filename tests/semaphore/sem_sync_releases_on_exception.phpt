--TEST--
RedisSemaphore::synchronized(): when $fn throws (an exception or an engine Error), the very exception propagates and the permit is released
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = sem_new();
$thrown = new DomainException('from inside', 7);
try {
    $sem->synchronized($name, 1, function () use ($thrown, $sem, $name) {
        var_dump($sem->count($name));
        throw $thrown;
    });
    echo "not reached\n";
} catch (DomainException $e) {
    var_dump($e === $thrown, $e->getPrevious());
}
var_dump($sem->count($name), $raw->call('ZCARD', sem_key($name)));
try {
    $sem->synchronized($name, 1, fn () => intdiv(1, 0));
} catch (DivisionByZeroError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($sem->count($name));
/* Limit 1: the permit is really free again. */
$t = sem_new()->acquire($name, 1);
var_dump(is_string($t));
?>
--EXPECT--
int(1)
bool(true)
NULL
int(0)
int(0)
DivisionByZeroError: Division by zero
int(0)
bool(true)
