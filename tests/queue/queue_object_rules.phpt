--TEST--
RedisQueue: an object whose constructor did not run throws Error on use; it cannot be cloned, serialized or constructed twice
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
class MyQueue extends RedisQueue
{
    public function __construct() {}
}
$q = rq_queue();
$cases = [
    'newInstanceWithoutConstructor' => fn() => (new ReflectionClass('RedisQueue'))->newInstanceWithoutConstructor()->size('x'),
    'subclass skipping the constructor' => fn() => (new MyQueue())->enqueue('x', 'a'),
    'clone' => fn() => clone $q,
    'serialize' => fn() => serialize($q),
    'unserialize' => fn() => unserialize('O:10:"RedisQueue":0:{}'),
    'constructed twice' => fn() => $q->__construct(rl_dsn()),
];
foreach ($cases as $label => $case) {
    try {
        $case();
        echo "$label: no exception\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// The object still works after all that.
$name = rl_name();
var_dump($q->enqueue($name, 'a'), $q->pop($name)['id']);
?>
--EXPECT--
newInstanceWithoutConstructor: Error: RedisQueue object is not initialized: its constructor was not called
subclass skipping the constructor: Error: MyQueue object is not initialized: its constructor was not called
clone: Error: Trying to clone an uncloneable object of class RedisQueue
serialize: Exception: Serialization of 'RedisQueue' is not allowed
unserialize: Exception: Unserialization of 'RedisQueue' is not allowed
constructed twice: Error: RedisQueue::__construct() cannot be called twice
bool(true)
string(1) "a"
