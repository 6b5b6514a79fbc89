--TEST--
RedisQueue: a payload over 16 MiB, over 64 MiB in one call, of a wrong type, or for an id not enqueued is refused (ValueError or TypeError naming $payload) and nothing is written
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue();
$max = str_repeat('x', 16 * 1024 * 1024);
$calls = [
    'one over 16 MiB' => fn() => $q->enqueue($name, 'a', payload: $max . 'y'),
    'five of 16 MiB' => fn() => $q->enqueue($name, [1, 2, 3, 4, 5], payload: [1 => $max, 2 => $max, 3 => $max, 4 => $max, 5 => 'z']),
    'an array for one id' => fn() => $q->enqueue($name, 'a', payload: ['a' => 'x']),
    'a string for a list' => fn() => $q->enqueue($name, ['a'], payload: 'x'),
    'an int inside' => fn() => $q->enqueue($name, ['a'], payload: ['a' => 5]),
    'an id not in the list' => fn() => $q->enqueue($name, ['a', 'b'], payload: ['a' => 'x', 'c' => 'y']),
    'fail() over 16 MiB' => fn() => $q->fail($name, 'a', null, $max . 'y'),
];
foreach ($calls as $what => $call) {
    try {
        $call();
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($q->size($name));
var_dump($q->enqueue($name, 'a', payload: $max));
var_dump(strlen($q->pop($name)['payload']));
?>
--EXPECT--
one over 16 MiB: ValueError: RedisQueue::enqueue(): Argument #6 ($payload) must not hold a payload over 16777216 bytes (16777217 given)
five of 16 MiB: ValueError: RedisQueue::enqueue(): Argument #6 ($payload) must not hold over 67108864 bytes of payloads in one call
an array for one id: TypeError: RedisQueue::enqueue(): Argument #6 ($payload) must be of type string|null for one id, array given
a string for a list: TypeError: RedisQueue::enqueue(): Argument #6 ($payload) must be of type array|null for a list of ids (id => payload), string given
an int inside: TypeError: RedisQueue::enqueue(): Argument #6 ($payload) must contain only strings, int found
an id not in the list: ValueError: RedisQueue::enqueue(): Argument #6 ($payload) must have keys that are ids of argument #2 ($id) only
fail() over 16 MiB: ValueError: RedisQueue::fail(): Argument #4 ($payload) must not be over 16777216 bytes (16777217 given)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
bool(true)
int(16777216)
