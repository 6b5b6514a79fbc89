--TEST--
RedisQueue: reserve()'s $maxAttempts sets the queue's max attempts on the stream layout (last writer wins, applied by whoever settles); on the zset layout it limits that call's reservations
--DESCRIPTION--
On the stream layout (after migrate()) max attempts are the queue's setting: reserve()'s
$maxAttempts (null: the max_attempts option) is written to the queue, the last
writer wins, and it applies to every reservation of the queue, made before or after,
whoever releases it or finds it expired. On the zset layout (a queue no
migrate() moved) it still applies to the reservations that
call makes only (1 under an option of 5 dies on the first release; 0 under an
option of 1 never dies). Outside 0..1000000 it is a ValueError for argument 5.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();

echo "stream layout: per call 1 under an option of 5\n";
$name = rl_name();
$q = rq_queue(['max_attempts' => 5]);
$q1 = rq_queue(['max_attempts' => 1]);
$q->migrate($name);                             // onto the stream layout
$q->enqueue($name, 'a');
$t = $q->reserve($name, 1, 30, 0, 1);
var_dump($t['attempts'], $q->release($name, 'a'));
var_dump(rq_where($raw, $name, 'a'), $raw->call('HGET', "{Queue:$name}:meta", 'm'));

echo "stream layout: per call 0 (no limit) under an option of 1, then null (the option) sets 1 again\n";
$q1->enqueue($name, 'b');
for ($i = 0; $i < 4; $i++) {
    $t = $q1->reserve($name, 1, 30, maxAttempts: 0);
    $q1->release($name, 'b');
}
var_dump($t['attempts'], rq_where($raw, $name, 'b'));
$t = $q1->reserve($name, 1, 30, 0, null);
var_dump($t['attempts'], $q1->release($name, 'b'));
var_dump(rq_where($raw, $name, 'b'));

echo "stream layout: the last writer's setting applies to a reservation made before it\n";
$name = rl_name();
$q->migrate($name);                             // onto the stream layout
$q->enqueue($name, ['c', 'e']);
$c = $q->reserve($name, 1, 30, 0, 1);           // the queue's max attempts: 1
$e = $q1->reserve($name, 1, 30, 0, 0);          // another worker: none
var_dump($c['id'], $e['id'], $q->release($name, 'c', 0, $c['receipt']));
var_dump(rq_where($raw, $name, 'c'));           // not dead: the queue has no limit now

echo "stream layout: an expiry is settled by the queue's setting\n";
$name = rl_name();
$q->migrate($name);                             // onto the stream layout
$q->enqueue($name, 'd');
$q->reserve($name, 1, 0.1, 0, 1);
usleep(150000);
var_dump($q->reserve($name, 1, 30, 0, 1));
var_dump(rq_where($raw, $name, 'd'));

echo "zset layout\n";
$name = rl_name();

echo "option 5, per call 1\n";
$q = rq_queue(['max_attempts' => 5, 'queue_layout' => 'zset']);
$q->enqueue($name, 'a');
$t = $q->reserve($name, 1, 30, 0, 1);
var_dump($t['attempts'], $q->release($name, 'a'));
var_dump(rq_where($raw, $name, 'a'));

echo "option 1, per call 0 (no limit)\n";
$q1 = rq_queue(['max_attempts' => 1, 'queue_layout' => 'zset']);
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
stream layout: per call 1 under an option of 5
int(1)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
string(1) "1"
stream layout: per call 0 (no limit) under an option of 1, then null (the option) sets 1 again
int(4)
array(1) {
  [0]=>
  string(6) "queued"
}
int(5)
bool(true)
array(1) {
  [0]=>
  string(4) "dead"
}
stream layout: the last writer's setting applies to a reservation made before it
string(1) "c"
string(1) "e"
bool(true)
array(1) {
  [0]=>
  string(6) "queued"
}
stream layout: an expiry is settled by the queue's setting
bool(false)
array(1) {
  [0]=>
  string(4) "dead"
}
zset layout
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
