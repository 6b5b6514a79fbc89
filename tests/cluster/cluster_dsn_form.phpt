--TEST--
Cluster (DSN form): "redis-cluster://host:port,host:port?read_timeout=1" routes RedisLock and RedisQueue to the master owning each name's slot
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_cluster_dsn('read_timeout=1&connect_timeout=1'));
$queue = new RedisQueue(topo_cluster_dsn());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $name = topo_name_on($master, "$base:$i");
    $qname = topo_name_on($master, "$base:q$i", 'Queue:');
    $raw = topo_raw($master);
    $locked = $lock->lock($name, 0, 10);
    $there = $raw->call('EXISTS', "Lock:$name");
    $unlocked = $lock->unlock($name);
    $queue->enqueue($qname, 'job');
    $queued = $raw->call('ZCARD', "Queue:$qname");
    $task = $queue->pop($qname);
    printf("master %d: lock %s, on the owner %s, unlock %s; task on the owner %s, popped %s\n", $i, topo_yes($locked),
        topo_yes($there === 1), topo_yes($unlocked), topo_yes($queued === 1), $task['id'] ?? 'nothing');
}
/* One seed is enough. */
$one = new RedisLock('redis-cluster://' . topo_cluster_seeds()[2]);
$name = topo_name_on(topo_cluster_seeds()[0], "$base:one");
var_dump($one->lock($name), topo_raw(topo_cluster_seeds()[0])->call('EXISTS', "Lock:$name"), $one->unlock($name));
?>
--EXPECT--
master 0: lock yes, on the owner yes, unlock yes; task on the owner yes, popped job
master 1: lock yes, on the owner yes, unlock yes; task on the owner yes, popped job
master 2: lock yes, on the owner yes, unlock yes; task on the owner yes, popped job
bool(true)
int(1)
bool(true)
