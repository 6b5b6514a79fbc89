--TEST--
RedisQueue: every invalid argument throws a ValueError naming the parameter, and writes nothing
--DESCRIPTION--
RedisQueue: every invalid argument (empty name or id, bad id list, count < 1,
NaN/INF, negative delays, timeout/visibility <= 0, negative wait) throws a
ValueError naming the parameter, and writes nothing
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$n = rl_name();
$q->enqueue($n, 'existing');
$q->reserve($n);
$q->enqueue($n, 'queued');
$before = [$raw->call('ZRANGE', "Queue:$n", '0', '-1', 'WITHSCORES'), $raw->call('ZRANGE', "{Queue:$n}:inflight", '0', '-1', 'WITHSCORES')];

$cases = [
    // enqueue
    fn() => $q->enqueue('', 'a'),
    fn() => $q->enqueue($n, ''),
    fn() => $q->enqueue($n, []),
    fn() => $q->enqueue($n, ['a', []]),
    fn() => $q->enqueue($n, ['a', new stdClass]),
    fn() => $q->enqueue($n, ['a', null]),
    fn() => $q->enqueue($n, ['a', 1.5]),
    fn() => $q->enqueue($n, ['a', true]),
    fn() => $q->enqueue($n, ['a', '']),
    fn() => $q->enqueue($n, 'a', 0),
    fn() => $q->enqueue($n, 'a', -1),
    fn() => $q->enqueue($n, 'a', NAN),
    fn() => $q->enqueue($n, 'a', INF),
    fn() => $q->enqueue($n, 'a', 10, -0.001),
    fn() => $q->enqueue($n, 'a', 10, NAN),
    fn() => $q->enqueue($n, 'a', 10, INF),
    fn() => $q->enqueue($n, 'a', 10, -INF),
    // dequeue
    fn() => $q->dequeue('', 'a', 1.0),
    fn() => $q->dequeue($n, '', 1.0),
    fn() => $q->dequeue($n, 'queued', NAN),
    fn() => $q->dequeue($n, 'queued', INF),
    fn() => $q->dequeue($n, 'queued', -INF),
    fn() => $q->dequeue($n, 'queued', 1.0, 0),
    fn() => $q->dequeue($n, 'queued', 1.0, NAN),
    // pop
    fn() => $q->pop(''),
    fn() => $q->pop($n, 0),
    fn() => $q->pop($n, -5),
    fn() => $q->pop($n, 1, 0),
    fn() => $q->pop($n, 1, -1),
    fn() => $q->pop($n, 1, INF),
    fn() => $q->pop($n, 1, 10, -0.5),
    fn() => $q->pop($n, 1, 10, NAN),
    fn() => $q->pop($n, 1, 10, INF),
    // top
    fn() => $q->top(''),
    fn() => $q->top($n, 0),
    fn() => $q->top($n, PHP_INT_MIN),
    // reserve
    fn() => $q->reserve(''),
    fn() => $q->reserve($n, 0),
    fn() => $q->reserve($n, 1, 0),
    fn() => $q->reserve($n, 1, -30),
    fn() => $q->reserve($n, 1, NAN),
    fn() => $q->reserve($n, 1, INF),
    fn() => $q->reserve($n, 1, 30, -1),
    fn() => $q->reserve($n, 1, 30, NAN),
    fn() => $q->reserve($n, 1, 30, INF),
    // ack, release, remove
    fn() => $q->ack('', 'existing'),
    fn() => $q->ack($n, ''),
    fn() => $q->release('', 'existing'),
    fn() => $q->release($n, ''),
    fn() => $q->release($n, 'existing', -1),
    fn() => $q->release($n, 'existing', NAN),
    fn() => $q->release($n, 'existing', INF),
    fn() => $q->remove('', 'queued'),
    fn() => $q->remove($n, ''),
    // size, clear
    fn() => $q->size(''),
    fn() => $q->clear(''),
];
foreach ($cases as $case) {
    try {
        $r = $case();
        echo 'no exception, returned ', json_encode($r), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$after = [$raw->call('ZRANGE', "Queue:$n", '0', '-1', 'WITHSCORES'), $raw->call('ZRANGE', "{Queue:$n}:inflight", '0', '-1', 'WITHSCORES')];
var_dump($after === $before);
var_dump(rq_keys_containing($raw, 'Queue:' . "\0") === [] && $raw->call('EXISTS', 'Queue:') === 0);
?>
--EXPECT--
ValueError: RedisQueue::enqueue(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must not be empty
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must not be an empty array
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must contain only strings and integers, array found
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must contain only strings and integers, stdClass found
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must contain only strings and integers, null found
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must contain only strings and integers, float found
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must contain only strings and integers, bool found
ValueError: RedisQueue::enqueue(): Argument #2 ($id) must not contain empty ids
ValueError: RedisQueue::enqueue(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::enqueue(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::enqueue(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::enqueue(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::enqueue(): Argument #4 ($afterInterval) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::enqueue(): Argument #4 ($afterInterval) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::enqueue(): Argument #4 ($afterInterval) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::enqueue(): Argument #4 ($afterInterval) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::dequeue(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::dequeue(): Argument #2 ($id) must not be empty
ValueError: RedisQueue::dequeue(): Argument #3 ($score) must be a finite number
ValueError: RedisQueue::dequeue(): Argument #3 ($score) must be a finite number
ValueError: RedisQueue::dequeue(): Argument #3 ($score) must be a finite number
ValueError: RedisQueue::dequeue(): Argument #4 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::dequeue(): Argument #4 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::pop(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::pop(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::pop(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::pop(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::pop(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::pop(): Argument #3 ($timeout) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::pop(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::pop(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::pop(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::top(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::top(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::top(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::reserve(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::reserve(): Argument #2 ($count) must be greater than or equal to 1
ValueError: RedisQueue::reserve(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::reserve(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::reserve(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::reserve(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
ValueError: RedisQueue::reserve(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::reserve(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::reserve(): Argument #4 ($wait) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::ack(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::ack(): Argument #2 ($id) must not be empty
ValueError: RedisQueue::release(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::release(): Argument #2 ($id) must not be empty
ValueError: RedisQueue::release(): Argument #3 ($delay) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::release(): Argument #3 ($delay) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::release(): Argument #3 ($delay) must be a finite number of seconds between 0 and 1e9
ValueError: RedisQueue::remove(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::remove(): Argument #2 ($id) must not be empty
ValueError: RedisQueue::size(): Argument #1 ($name) must not be empty
ValueError: RedisQueue::clear(): Argument #1 ($name) must not be empty
bool(true)
bool(true)
