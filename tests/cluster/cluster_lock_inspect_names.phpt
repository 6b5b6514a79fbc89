--TEST--
Cluster: RedisLock::inspect() answers for locks on each master, and names() walks every master with one cursor for locks and semaphores
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$prefix = 'L' . bin2hex(random_bytes(4)) . ':';
$lock = new RedisLock(topo_cluster_options(['prefix' => $prefix]));
$sem = new RedisSemaphore(topo_cluster_options(['prefix' => 'S' . $prefix]));
$want = [];
$owners = [];
$inspected = 0;
for ($i = 0; $i < 30; $i++) {
    $lock->lock("l$i", 0, 30);
    $sem->acquire("s$i", 2, 0, 30);
    $want[] = "l$i";
    $owners[topo_key_owner($prefix . "l$i")] = true;
    $seen = $lock->inspect("l$i");
    $inspected += $seen['holders'] === 1 && $sem->inspect("s$i")['held'] === 1;
}
foreach ([[$lock, $want], [$sem, array_map(fn ($n) => 's' . substr($n, 1), $want)]] as [$obj, $expect]) {
    $seen = [];
    $cursor = null;
    $calls = 0;
    do {
        $page = $obj->names($cursor, 10);
        $seen = array_merge($seen, $page['names']);
        $cursor = $page['cursor'];
        $calls++;
    } while ($cursor !== null && $calls < 1000);
    $seen = array_unique($seen);
    sort($seen);
    sort($expect);
    echo get_class($obj), ' listed all: ', topo_yes($seen === $expect, array_diff($expect, $seen)), "\n";
}
echo 'keys on ', count($owners), " masters; inspected $inspected of 30\n";
$lock->unlockAll();
?>
--EXPECT--
RedisLock listed all: yes
RedisSemaphore listed all: yes
keys on 3 masters; inspected 30 of 30
