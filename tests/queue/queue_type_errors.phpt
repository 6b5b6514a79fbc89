--TEST--
RedisQueue: an id of the wrong type (object, or in strict mode float/bool/null) throws TypeError and enqueues nothing; other wrong types throw TypeError too
--FILE--
<?php
declare(strict_types=1);
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$n = rl_name();

$cases = [
    'enqueue(object)' => fn() => $q->enqueue($n, new stdClass),
    'enqueue(float)' => fn() => $q->enqueue($n, 1.5),
    'enqueue(true)' => fn() => $q->enqueue($n, true),
    'enqueue(null)' => fn() => $q->enqueue($n, null),
    'enqueue(name array)' => fn() => $q->enqueue([], 'a'),
    'enqueue(timeout string)' => fn() => $q->enqueue($n, 'a', '10'),
    'dequeue(array id)' => fn() => $q->dequeue($n, ['a'], 1.0),
    'dequeue(float id)' => fn() => $q->dequeue($n, 1.5, 1.0),
    'pop(count float)' => fn() => $q->pop($n, 1.5),
    'pop(count string)' => fn() => $q->pop($n, 'many'),
    'top(name null)' => fn() => $q->top(null),
    'reserve(visibility string)' => fn() => $q->reserve($n, 1, '30s'),
    'ack(object id)' => fn() => $q->ack($n, new stdClass),
    'release(array id)' => fn() => $q->release($n, []),
    'remove(null id)' => fn() => $q->remove($n, null),
    'size()' => fn() => $q->size(),
    'clear(two args)' => fn() => $q->clear($n, 'extra'),
];
foreach ($cases as $label => $case) {
    try {
        $r = $case();
        echo "$label: no exception, returned ", json_encode($r), "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump($raw->call('ZRANGE', "Queue:$n", '0', '-1'));
?>
--EXPECT--
enqueue(object): TypeError: RedisQueue::enqueue(): Argument #2 ($id) must be of type array|string|int, stdClass given
enqueue(float): TypeError: RedisQueue::enqueue(): Argument #2 ($id) must be of type array|string|int, float given
enqueue(true): TypeError: RedisQueue::enqueue(): Argument #2 ($id) must be of type array|string|int, bool given
enqueue(null): TypeError: RedisQueue::enqueue(): Argument #2 ($id) must be of type array|string|int, null given
enqueue(name array): TypeError: RedisQueue::enqueue(): Argument #1 ($name) must be of type string, array given
enqueue(timeout string): TypeError: RedisQueue::enqueue(): Argument #3 ($timeout) must be of type float, string given
dequeue(array id): TypeError: RedisQueue::dequeue(): Argument #2 ($id) must be of type string|int, array given
dequeue(float id): TypeError: RedisQueue::dequeue(): Argument #2 ($id) must be of type string|int, float given
pop(count float): TypeError: RedisQueue::pop(): Argument #2 ($count) must be of type int, float given
pop(count string): TypeError: RedisQueue::pop(): Argument #2 ($count) must be of type int, string given
top(name null): TypeError: RedisQueue::top(): Argument #1 ($name) must be of type string, null given
reserve(visibility string): TypeError: RedisQueue::reserve(): Argument #3 ($visibility) must be of type float, string given
ack(object id): TypeError: RedisQueue::ack(): Argument #2 ($id) must be of type string|int, stdClass given
release(array id): TypeError: RedisQueue::release(): Argument #2 ($id) must be of type string|int, array given
remove(null id): TypeError: RedisQueue::remove(): Argument #2 ($id) must be of type string|int, null given
size(): ArgumentCountError: RedisQueue::size() expects exactly 1 argument, 0 given
clear(two args): ArgumentCountError: RedisQueue::clear() expects exactly 1 argument, 2 given
array(0) {
}
