--TEST--
RedisQueue::layout() answers the queue_layout the object was constructed with: "auto" by default or when so given, "zset" from the options array or the DSN; before construction it is an Error
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
var_dump(rq_queue()->layout());
var_dump(rq_queue(['queue_layout' => 'auto'])->layout());
var_dump(rq_queue(['queue_layout' => 'zset'])->layout());
var_dump((new RedisQueue(rl_dsn() . '?queue_layout=zset'))->layout());
var_dump((new RedisQueue(rl_dsn() . '?queue_layout=auto'))->layout());
$q = (new ReflectionClass(RedisQueue::class))->newInstanceWithoutConstructor();
try {
    $q->layout();
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
/* The answer is the object's own: a queue of either layout works as before. */
$name = rl_name();
$z = rq_queue(['queue_layout' => 'zset']);
var_dump($z->enqueue($name, 'a'));
var_dump($z->pop($name)['id']);
?>
--EXPECT--
string(4) "auto"
string(4) "auto"
string(4) "zset"
string(4) "zset"
string(4) "auto"
Error: RedisQueue object is not initialized: its constructor was not called
bool(true)
string(1) "a"
