--TEST--
RedisLatch: an argument of the wrong type is a TypeError (strict types), named arguments work, and an object without its constructor called throws an Error
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/../harness/latch_test.inc';
$l = la_new();
$name = rl_name();
echo la_error(fn () => $l->set($name, '2')), "\n";
echo la_error(fn () => $l->set($name, 2, '5')), "\n";
echo la_error(fn () => $l->set([], 2)), "\n";
echo la_error(fn () => $l->countDown($name, 1.5)), "\n";
echo la_error(fn () => $l->count(null)), "\n";
echo la_error(fn () => $l->await($name, '1')), "\n";
echo la_error(fn () => $l->await($name)), "\n";
echo la_error(fn () => $l->names(5)), "\n";
echo la_error(fn () => new RedisLatch(5)), "\n";
echo la_error(fn () => (new ReflectionClass(RedisLatch::class))->newInstanceWithoutConstructor()->count('n')), "\n";
echo 'nothing written: ', json_encode(la_keys(new RawRedis(), $name)), "\n";
var_dump($l->set(name: $name, count: 2, ttl: 5), $l->countDown(by: 2, name: $name), $l->count(name: $name), $l->await(timeout: 0, name: $name));
var_dump($l->set(ttl: 5, count: 0, name: "$name:0"), $l->await(name: "$name:0", timeout: 1));
echo la_error(fn () => $l->set(name: $name, count: 1, ttl: 5, by: 1)), "\n";
?>
--EXPECT--
TypeError: RedisLatch::set(): Argument #2 ($count) must be of type int, string given
TypeError: RedisLatch::set(): Argument #3 ($ttl) must be of type float, string given
TypeError: RedisLatch::set(): Argument #1 ($name) must be of type string, array given
TypeError: RedisLatch::countDown(): Argument #2 ($by) must be of type int, float given
TypeError: RedisLatch::count(): Argument #1 ($name) must be of type string, null given
TypeError: RedisLatch::await(): Argument #2 ($timeout) must be of type float, string given
ArgumentCountError: RedisLatch::await() expects exactly 2 arguments, 1 given
TypeError: RedisLatch::names(): Argument #1 ($cursor) must be of type ?string, int given
TypeError: RedisLatch::__construct(): Argument #1 ($connection) must be of type array|string|null, int given
Error: RedisLatch object is not initialized: its constructor was not called
nothing written: []
bool(true)
int(0)
int(0)
bool(true)
bool(true)
bool(true)
Error: Unknown named parameter $by
