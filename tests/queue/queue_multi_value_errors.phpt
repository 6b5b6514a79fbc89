--TEST--
RedisQueue: a bad list of queue names for pop()/reserve() is a ValueError for argument 1 that takes nothing
--DESCRIPTION--
RedisQueue: a list of queue names for pop()/reserve() that is empty, holds a
duplicate, a non-string or an empty string, or names more than 64 queues is a
ValueError for argument 1 that takes nothing; 64 names are accepted; methods
other than pop()/reserve() take no list
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$base = rl_name();
$q->enqueue("$base:a", 'untouched');
$many = array_map(fn ($i) => "$base:q$i", range(1, 65));
$cases = [
    'empty' => [],
    'duplicate' => ["$base:a", "$base:b", "$base:a"],
    'int' => ["$base:a", 5],
    'null' => ["$base:a", null],
    'array' => ["$base:a", ["$base:b"]],
    'empty string' => ["$base:a", ''],
    '65 names' => $many,
];
foreach (['pop', 'reserve'] as $method) {
    foreach ($cases as $label => $names) {
        try {
            $r = $q->$method($names);
            echo "$method $label: no exception, ", json_encode($r), "\n";
        } catch (Throwable $e) {
            echo "$method $label: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
var_dump($q->reserve(array_slice($many, 0, 64)), $q->pop(array_slice($many, 0, 64), 2, 10, 0.05));
foreach (['top' => fn () => $q->top(["$base:a"]), 'ack' => fn () => $q->ack(["$base:a"], 'x'), 'size' => fn () => $q->size(["$base:a"])] as $m => $f) {
    try {
        $f();
        echo "$m: no exception\n";
    } catch (TypeError $e) {
        echo "$m: TypeError\n";
    }
}
var_dump($q->size("$base:a"));
?>
--EXPECT--
pop empty: ValueError: RedisQueue::pop(): Argument #1 ($name) must not be an empty array
pop duplicate: ValueError: RedisQueue::pop(): Argument #1 ($name) must not contain the same queue twice
pop int: ValueError: RedisQueue::pop(): Argument #1 ($name) must contain only non-empty strings
pop null: ValueError: RedisQueue::pop(): Argument #1 ($name) must contain only non-empty strings
pop array: ValueError: RedisQueue::pop(): Argument #1 ($name) must contain only non-empty strings
pop empty string: ValueError: RedisQueue::pop(): Argument #1 ($name) must contain only non-empty strings
pop 65 names: ValueError: RedisQueue::pop(): Argument #1 ($name) must not name more than 64 queues
reserve empty: ValueError: RedisQueue::reserve(): Argument #1 ($name) must not be an empty array
reserve duplicate: ValueError: RedisQueue::reserve(): Argument #1 ($name) must not contain the same queue twice
reserve int: ValueError: RedisQueue::reserve(): Argument #1 ($name) must contain only non-empty strings
reserve null: ValueError: RedisQueue::reserve(): Argument #1 ($name) must contain only non-empty strings
reserve array: ValueError: RedisQueue::reserve(): Argument #1 ($name) must contain only non-empty strings
reserve empty string: ValueError: RedisQueue::reserve(): Argument #1 ($name) must contain only non-empty strings
reserve 65 names: ValueError: RedisQueue::reserve(): Argument #1 ($name) must not name more than 64 queues
bool(false)
array(0) {
}
top: TypeError
ack: TypeError
size: TypeError
array(4) {
  ["due"]=>
  int(1)
  ["delayed"]=>
  int(0)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
