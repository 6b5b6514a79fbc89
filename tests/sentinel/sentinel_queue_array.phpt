--TEST--
Sentinel (array form): RedisQueue enqueues on the master the sentinels name, and pop() takes the tasks back in due order
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$master = topo_sentinel_master();
$raw = topo_raw($master);
$queue = new RedisQueue(topo_sentinel_options());
$name = rl_name();

var_dump($queue->enqueue($name, ['a', 'b']));
var_dump($queue->enqueue($name, 'later', 10, 60));
var_dump($raw->call('ZCARD', "Queue:$name"));
$first = $queue->pop($name);
$second = $queue->pop($name);
echo $first['id'], ' ', $second['id'], "\n";
var_dump($queue->pop($name));
var_dump($queue->size($name));
var_dump($queue->clear($name));
var_dump($raw->call('EXISTS', "Queue:$name"));
?>
--EXPECT--
bool(true)
bool(true)
int(3)
a b
bool(false)
array(4) {
  ["due"]=>
  int(0)
  ["delayed"]=>
  int(1)
  ["inflight"]=>
  int(0)
  ["dead"]=>
  int(0)
}
int(1)
int(0)
