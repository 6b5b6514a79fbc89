--TEST--
Sentinel (DSN form): "sentinel://host:port,host:port/service?read_timeout=1" connects RedisLock and RedisQueue to the master the sentinels name
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$dsn = topo_sentinel_dsn('read_timeout=1&connect_timeout=1');
$raw = topo_raw(topo_sentinel_master());
$name = rl_name();

$lock = new RedisLock($dsn);
var_dump($lock->lock($name));
echo 'the lock key is on the master: ', topo_yes($raw->call('EXISTS', "Lock:$name") === 1), "\n";
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));

$queue = new RedisQueue($dsn);
var_dump($queue->enqueue($name, 'job'));
echo 'the queue is on the master: ', topo_yes($raw->call('ZCARD', "Queue:$name") === 1), "\n";
var_dump($queue->pop($name)['id']);

/* Without a query, and with a single sentinel. */
$one = 'sentinel://' . topo_sentinels()[1] . '/' . topo_sentinel_service();
$lock2 = new RedisLock($one);
var_dump($lock2->lock("$name:2"));
var_dump($raw->call('EXISTS', "Lock:$name:2"));
var_dump($lock2->unlock("$name:2"));
?>
--EXPECT--
bool(true)
the lock key is on the master: yes
bool(true)
int(0)
bool(true)
the queue is on the master: yes
string(3) "job"
bool(true)
int(1)
bool(true)
