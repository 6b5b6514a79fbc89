--TEST--
RedisQueue: reserve()'s $maxAttempts overrides the max_attempts option for that reservation
--DESCRIPTION--
RedisQueue: reserve()'s $maxAttempts overrides the max_attempts option for that
reservation (1 under an option of 5 dies on the first release; 0 under an option
of 1 never dies); null uses the option; outside 0..1000000 it is a ValueError
for argument 5
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();

echo "option 5, per call 1\n";
$q = rq_queue(['max_attempts' => 5]);
$q->enqueue($name, 'a');
$t = $q->reserve($name, 1, 30, 0, 1);
var_dump($t['attempts'], $q->release($name, 'a'));
var_dump(rq_where($raw, $name, 'a'));

echo "option 1, per call 0 (no limit)\n";
$q1 = rq_queue(['max_attempts' => 1]);
$q1->enqueue($name, 'b');
for ($i = 0; $i < 4; $i++) {
    $t = $q1->reserve($name, 1, 30, maxAttempts: 0);
    $q1->release($name, 'b');
}
var_dump($t['attempts'], rq_where($raw, $name, 'b'));

echo "option 1, per call null\n";
$t = $q1->reserve($name, 1, 30, 0, null);
var_dump($t['attempts'], $q1->release($name, 'b'));
var_dump(rq_where($raw, $name, 'b'));

echo "an expiry honours the per-call limit too\n";
$q->enqueue($name, 'c');
$q->reserve($name, 1, 0.1, 0, 1);
usleep(150000);
var_dump($q->reserve($name));
var_dump(rq_where($raw, $name, 'c'));

echo "range\n";
$q->enqueue($name, 'd');
$t = $q->reserve($name, 1, 30, 0, 1000000);
var_dump($t['id']);
foreach ([-1, 1000001, PHP_INT_MAX] as $bad) {
    try {
        $q->reserve($name, 1, 30, 0, $bad);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(rq_where($raw, $name, 'd'));
?>
--EXPECT--
option 5, per call 1
int(1)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
option 1, per call 0 (no limit)
int(4)
array(1) {
  [0]=>
  string(6) "queued"
}
option 1, per call null
int(5)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
an expiry honours the per-call limit too
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
range
string(1) "d"
ValueError: RedisQueue::reserve(): Argument #5 ($maxAttempts) must be between 0 and 1000000
ValueError: RedisQueue::reserve(): Argument #5 ($maxAttempts) must be between 0 and 1000000
ValueError: RedisQueue::reserve(): Argument #5 ($maxAttempts) must be between 0 and 1000000
array(1) {
  [0]=>
  string(8) "inflight"
}
