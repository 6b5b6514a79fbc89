--TEST--
RedisQueue::dequeue() removes a task's reservation record with it, as remove() does
--DESCRIPTION--
RedisQueue::dequeue() removes a task like remove() does: its reservation record
goes with it, so the same id enqueued later starts with no attempts and the
receipts hash does not keep an entry for a task that is gone
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue(['max_attempts' => 2]);
$raw = new RawRedis();
$name = rl_name();
$q->enqueue($name, 'job');
$t = $q->reserve($name, 1, 30);
echo 'first run, attempts ', $t['attempts'], "\n";
var_dump($q->release($name, 'job', 0, $t['receipt']));
$top = $q->top($name);
var_dump($q->dequeue($name, 'job', $top['score']));          // gone from the queue
var_dump($q->size($name));
echo 'records left: ', $raw->call('HLEN', '{Queue:' . $name . '}:receipts'), "\n";
/* Later, a new task with the same id. */
$q->enqueue($name, 'job');
$t = $q->reserve($name, 1, 30);
echo 'new task, attempts ', $t['attempts'], "\n";
var_dump($q->release($name, 'job', 0, $t['receipt']));
echo 'dead after one run of the new task: ', count($q->dead($name)), "\n";
$q->clear($name);
?>
--EXPECT--
first run, attempts 1
bool(true)
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
records left: 0
new task, attempts 1
bool(true)
dead after one run of the new task: 0
