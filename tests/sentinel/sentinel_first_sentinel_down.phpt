--TEST--
Sentinel: when the first sentinels listed do not answer (nothing listens there), the client asks the next one and works
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$sentinels = array_merge(['127.0.0.1:' . rl_dead_port(), '127.0.0.1:' . rl_dead_port()], topo_sentinels());
$raw = topo_raw(topo_sentinel_master());
$name = rl_name();

[$e, $ok, $took] = topo_timed(fn () => (new RedisLock(topo_sentinel_options(['connect_timeout' => 0.5], $sentinels)))->addLock($name, 5));
echo $e ? get_class($e) . ': ' . $e->getMessage() : 'no exception', "\n";
echo 'the lock is on the master: ', topo_yes(is_string($ok) && $raw->call('GET', "Lock:$name") === $ok), "\n";
echo 'in time: ', topo_yes($took < 10, $took), "\n";

$queue = new RedisQueue(topo_sentinel_options(['connect_timeout' => 0.5], $sentinels));
var_dump($queue->enqueue($name, 'x'));
var_dump($raw->call('ZCARD', "Queue:$name"));
var_dump($queue->clear($name));
$raw->call('DEL', "Lock:$name");
?>
--EXPECT--
no exception
the lock is on the master: yes
in time: yes
bool(true)
int(1)
int(1)
