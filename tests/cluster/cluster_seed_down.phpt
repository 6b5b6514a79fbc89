--TEST--
Cluster: when the first seed does not answer (nothing listens there), the slot map is loaded from the next seed and every master is reached; when no seed answers, RedisLockConnectionException
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$seeds = array_merge(['127.0.0.1:' . rl_dead_port()], [topo_cluster_seeds()[1]]);
$lock = new RedisLock(['cluster' => $seeds, 'connect_timeout' => 0.5]);
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $name = topo_name_on($master, "$base:$i");
    [$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
    printf("master %d: %s, on the owner %s, in time %s\n", $i, $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok),
        topo_yes(topo_raw($master)->call('EXISTS', "Lock:$name") === 1), topo_yes($took < 10, $took));
    $lock->unlock($name);
}
/* No seed answers: a RedisLockConnectionException naming one, within the timeouts. */
$dead = ['127.0.0.1:' . rl_dead_port(), '127.0.0.1:' . rl_dead_port()];
[$e, , $took] = topo_timed(fn () => (new RedisLock(['cluster' => $dead, 'connect_timeout' => 0.5]))->lock('x'));
echo $e ? get_class($e) : 'no exception', ', names a seed: ',
    topo_yes($e && (str_contains($e->getMessage(), $dead[0]) || str_contains($e->getMessage(), $dead[1])), $e ? $e->getMessage() : null),
    ', in time: ', topo_yes($took < 10, $took), "\n";
?>
--EXPECT--
master 0: true, on the owner yes, in time yes
master 1: true, on the owner yes, in time yes
master 2: true, on the owner yes, in time yes
RedisLockConnectionException, names a seed: yes, in time: yes
