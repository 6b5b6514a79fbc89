--TEST--
RedisLatch: a wrong value is a ValueError naming the parameter ($name, $count, $by, $ttl, $timeout), thrown before anything is sent
--DESCRIPTION--
On an object whose server does not listen (an argument checked after connecting
would throw a connection error instead), then on the test server, where nothing
of the refused names is written.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$name = rl_name();
$calls = fn (RedisLatch $l) => [
    fn () => $l->set('', 1),
    fn () => $l->set($name, -1),
    fn () => $l->set($name, RedisLatch::MAX_COUNT + 1),
    fn () => $l->set($name, PHP_INT_MAX),
    fn () => $l->set($name, 1, 0),
    fn () => $l->set($name, 1, -1),
    fn () => $l->set($name, 1, NAN),
    fn () => $l->set($name, 1, INF),
    fn () => $l->set($name, 1, RedisLock::MAX_SECONDS + 1),
    fn () => $l->countDown(''),
    fn () => $l->countDown($name, 0),
    fn () => $l->countDown($name, -5),
    fn () => $l->countDown($name, RedisLatch::MAX_COUNT + 1),
    fn () => $l->count(''),
    fn () => $l->await('', 1),
    fn () => $l->await($name, -1),
    fn () => $l->await($name, NAN),
    fn () => $l->await($name, INF),
];
foreach ($calls(new RedisLatch(['host' => '127.0.0.1', 'port' => rl_dead_port()])) as $call) {
    echo la_error($call), "\n";
}
$raw = new RawRedis();
$l = la_new();
$same = true;
foreach ($calls($l) as $call) {
    $same = $same && str_starts_with(la_error($call), 'ValueError: ');
}
echo 'the same on a live server: ', la_yes($same), ', nothing written: ', json_encode(la_keys($raw, $name)), "\n";
echo 'the bounds are taken: ', json_encode([$l->set($name, RedisLatch::MAX_COUNT, RedisLock::MAX_SECONDS), $l->countDown($name, RedisLatch::MAX_COUNT), $l->await($name, 0)]), "\n";
$raw->call('DEL', la_key($name), la_open($name));
?>
--EXPECT--
ValueError: RedisLatch::set(): Argument #1 ($name) must not be empty
ValueError: RedisLatch::set(): Argument #2 ($count) must be between 0 and 1000000000000000, -1 given
ValueError: RedisLatch::set(): Argument #2 ($count) must be between 0 and 1000000000000000, 1000000000000001 given
ValueError: RedisLatch::set(): Argument #2 ($count) must be between 0 and 1000000000000000, 9223372036854775807 given
ValueError: RedisLatch::set(): Argument #3 ($ttl) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLatch::set(): Argument #3 ($ttl) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLatch::set(): Argument #3 ($ttl) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLatch::set(): Argument #3 ($ttl) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLatch::set(): Argument #3 ($ttl) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisLatch::countDown(): Argument #1 ($name) must not be empty
ValueError: RedisLatch::countDown(): Argument #2 ($by) must be between 1 and 1000000000000000, 0 given
ValueError: RedisLatch::countDown(): Argument #2 ($by) must be between 1 and 1000000000000000, -5 given
ValueError: RedisLatch::countDown(): Argument #2 ($by) must be between 1 and 1000000000000000, 1000000000000001 given
ValueError: RedisLatch::count(): Argument #1 ($name) must not be empty
ValueError: RedisLatch::await(): Argument #1 ($name) must not be empty
ValueError: RedisLatch::await(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLatch::await(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
ValueError: RedisLatch::await(): Argument #2 ($timeout) must be a finite number of seconds between 0 and 1e9
the same on a live server: yes, nothing written: []
the bounds are taken: [true,0,true]
