--TEST--
RedisQueue: an id already queued keeps its payload unless $replace; a task added or replaced carries exactly the payload given or none; a dead id enqueued again forgets its old payload
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$name = rl_name();
$q = rq_queue(['max_attempts' => 1]);
$q->enqueue($name, 'a', payload: 'first');
$q->enqueue($name, 'a', payload: 'second');
var_dump($q->top($name)['payload']);
$q->enqueue($name, 'a', replace: true, payload: 'third');
var_dump($q->top($name)['payload']);
$q->enqueue($name, 'a', replace: true);
var_dump(array_key_exists('payload', $q->top($name)));
$q->enqueue($name, 'b', payload: 'B');
$q->remove($name, 'a');
$t = $q->reserve($name);
$q->release($name, 'b', 0, $t['receipt']);
var_dump($q->dead($name)[0]['payload']);
$q->enqueue($name, 'b');
var_dump($q->dead($name), array_key_exists('payload', $q->pop($name)));
?>
--EXPECT--
string(5) "first"
string(5) "third"
bool(false)
string(1) "B"
array(0) {
}
bool(false)
