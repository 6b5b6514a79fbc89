--TEST--
RedisQueue: a count far above the queue size (1e14, 1e17, PHP_INT_MAX) takes or shows every due task
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$name = rl_name();
$q->enqueue($name, ['a', 'b', 'c']);
foreach ([1000, 100000000000000, 100000000000000000, PHP_INT_MAX] as $count) {
    try {
        echo "top($count): " . count($q->top($name, $count)), "\n";
    } catch (RedisLockException $e) {
        echo "top($count): ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
foreach ([100000000000000, 100000000000000000, PHP_INT_MAX] as $count) {
    try {
        echo "pop($count): " . count($q->pop($name, $count)), "\n";
    } catch (RedisLockException $e) {
        echo "pop($count): ", get_class($e), ': ', $e->getMessage(), "\n";
    }
    $q->enqueue($name, ['a', 'b', 'c']);
    try {
        echo "reserve($count): " . count($q->reserve($name, $count)), "\n";
    } catch (RedisLockException $e) {
        echo "reserve($count): ", get_class($e), ': ', $e->getMessage(), "\n";
    }
    $q->clear($name);
    $q->enqueue($name, ['a', 'b', 'c']);
}
?>
--EXPECT--
top(1000): 3
top(100000000000000): 3
top(100000000000000000): 3
top(9223372036854775807): 3
pop(100000000000000): 3
reserve(100000000000000): 3
pop(100000000000000000): 3
reserve(100000000000000000): 3
pop(9223372036854775807): 3
reserve(9223372036854775807): 3
