--TEST--
RedisQueue: dequeue() removes a task only when the given score equals its stored score exactly (one ulp off is a mismatch)
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$key = 'Queue:' . $name;

/** The neighbouring double, $steps ulps away. */
function ulp(float $x, int $steps): float
{
    return unpack('e', pack('q', unpack('q', pack('e', $x))[1] + $steps))[1];
}

$q->enqueue($name, ['a', 'b', 7]);
$tasks = array_column($q->top($name, 10), 'score', 'id');
$s = $tasks['a'];
var_dump(ulp($s, 1) > $s, ulp($s, -1) < $s);

echo "mismatches\n";
var_dump($q->dequeue($name, 'a', ulp($s, 1)));
var_dump($q->dequeue($name, 'a', ulp($s, -1)));
var_dump($q->dequeue($name, 'a', $s + 0.001));
var_dump($q->dequeue($name, 'a', 0.0));
var_dump($q->dequeue($name, 'a', round($s)));
var_dump($q->dequeue($name, 'missing', $s));
var_dump($raw->call('ZCARD', $key));

echo "matches\n";
var_dump($q->dequeue($name, 'a', $s));
var_dump($raw->call('ZSCORE', $key, 'a'));
var_dump($q->dequeue($name, 'a', $s));      // already gone
var_dump($q->dequeue($name, 7, $tasks['7'])); // an int id
var_dump($q->dequeue($name, 'b', $tasks['b'], 5.0));
var_dump($raw->call('ZCARD', $key));

echo "a delayed task, with its score read from Redis\n";
$q->enqueue($name, 'd', 10, 123.456789);
$score = (float) $raw->call('ZSCORE', $key, 'd');
var_dump($q->dequeue($name, 'd', ulp($score, 1)));
var_dump($q->dequeue($name, 'd', $score));
var_dump($q->size($name));

echo "a rescheduled task does not match its old score\n";
$q->enqueue($name, 'r');
$old = $q->top($name)['score'];
usleep(2000);
$q->enqueue($name, 'r', 10, 0, true);
$new = $q->top($name)['score'];
var_dump($new > $old);
var_dump($q->dequeue($name, 'r', $old));
var_dump($q->dequeue($name, 'r', $new));

echo "an in-flight task is not dequeued\n";
$q->enqueue($name, 'f');
$f = $q->reserve($name);
var_dump($q->dequeue($name, 'f', $f['score']));
var_dump($q->size($name)['inflight']);
?>
--EXPECT--
bool(true)
bool(true)
mismatches
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
int(3)
matches
bool(true)
NULL
bool(false)
bool(true)
bool(true)
int(0)
a delayed task, with its score read from Redis
bool(false)
bool(true)
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
a rescheduled task does not match its old score
bool(true)
bool(false)
bool(true)
an in-flight task is not dequeued
bool(false)
int(1)
