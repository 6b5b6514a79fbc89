--TEST--
Cluster, min_replicas: WAIT goes to the master that took the lock; on masters without replicas, min_replicas 1 releases the lock again there and throws RedisLockTimeoutException
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_cluster_options(['min_replicas' => 1, 'read_timeout' => 0.3]));
foreach (topo_cluster_seeds() as $i => $node) {
    $name = topo_name_on($node, rl_name("m$i"));
    [$e, $result, $took] = topo_timed(fn() => $lock->lock($name, 0, 10));
    echo "master $i: ", $e ? get_class($e) : 'no exception: ' . var_export($result, true),
        ', ', $e && str_contains($e->getMessage(), '0 of 1 replicas') ? 'none had it' : 'message: ' . ($e ? $e->getMessage() : ''),
        ', key left: ', topo_raw($node)->call('EXISTS', "Lock:$name"), "\n";
}
?>
--EXPECT--
master 0: RedisLockTimeoutException, none had it, key left: 0
master 1: RedisLockTimeoutException, none had it, key left: 0
master 2: RedisLockTimeoutException, none had it, key left: 0
