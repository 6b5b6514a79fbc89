--TEST--
RedisQueue: an id enqueued again while it is reserved is not handed to a second worker until the first run ends; the first run's ack() then cannot remove the second run, which is never lost
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$producer = new RedisQueue(rl_dsn());
$worker1 = new RedisQueue(rl_dsn());
$worker2 = new RedisQueue(rl_dsn());
var_dump($producer->enqueue($name, 'X'));
$first = $worker1->reserve($name, 1, 30);
echo 'worker 1 reserved ', $first['id'], "\n";
/* The producer enqueues X again while worker 1 runs it. */
var_dump($producer->enqueue($name, 'X'));
/* Worker 2 does not get X while worker 1 has it: no second run at once. */
var_dump($worker2->reserve($name, 1, 0.5));
var_dump($worker2->pop($name));
var_dump($worker1->ack($name, 'X'));
/* Worker 1's ack() ended its own run only: the second run is there, and now
 * worker 2 gets it, with a short visibility. */
$second = $worker2->reserve($name, 1, 0.5);
echo 'worker 2 reserved ', $second['id'] ?? 'nothing', "\n";
/* Worker 2 dies: its run comes back after the visibility, never lost. */
usleep(700000);
$again = $worker1->reserve($name, 1, 30);
echo 'after worker 2 died: ', $again['id'] ?? 'nothing', "\n";
var_dump($worker1->ack($name, 'X'), $producer->size($name));
?>
--EXPECT--
bool(true)
worker 1 reserved X
bool(true)
bool(false)
bool(false)
bool(true)
worker 2 reserved X
after worker 2 died: X
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
