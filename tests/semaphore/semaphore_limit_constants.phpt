--TEST--
RedisSemaphore's class constants are the bounds the extension enforces: MAX_LIMIT, MAX_SECONDS and MAX_INSPECT_MANY are each accepted, one past each is refused with its ValueError
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
function outcome(callable $fn): string
{
    try {
        $r = $fn();
        return is_string($r) ? 'token' : var_export($r, true);
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}
var_dump(RedisSemaphore::MAX_LIMIT, RedisSemaphore::MAX_SECONDS, RedisSemaphore::MAX_INSPECT_MANY);
$sem = sem_new();
$name = rl_name();
$token = $sem->acquire($name, RedisSemaphore::MAX_LIMIT, RedisSemaphore::MAX_SECONDS, RedisSemaphore::MAX_SECONDS);
echo outcome(fn () => $token), "\n";
echo outcome(fn () => $sem->acquire($name, RedisSemaphore::MAX_LIMIT + 1)), "\n";
echo outcome(fn () => $sem->acquire($name, 5, 0, RedisSemaphore::MAX_SECONDS + 1)), "\n";
echo outcome(fn () => $sem->acquire($name, 5, RedisSemaphore::MAX_SECONDS + 1)), "\n";
echo outcome(fn () => $sem->release($name, $token)), "\n";

$names = array_map(fn ($i) => "$name:$i", range(1, RedisSemaphore::MAX_INSPECT_MANY));
echo outcome(fn () => count($sem->inspectMany($names))), "\n";
echo outcome(fn () => $sem->inspectMany([...$names, "$name:over"])), "\n";
?>
--EXPECTF--
int(1000000000)
float(1000000000)
int(1000)
token
ValueError: RedisSemaphore::acquire(): Argument #2 ($limit) %s
ValueError: RedisSemaphore::acquire(): Argument #4 ($expire) %s
ValueError: RedisSemaphore::acquire(): Argument #3 ($timeout) %s
true
1000
ValueError: RedisSemaphore::inspectMany(): Argument #1 ($names) %s
