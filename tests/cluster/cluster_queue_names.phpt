--TEST--
Cluster: RedisQueue::names() walks every master with one cursor: queues whose keys live on each of the 3 masters are all listed, then the cursor is null
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$prefix = 'N' . bin2hex(random_bytes(4)) . ':';
$q = new RedisQueue(topo_cluster_options(['prefix' => $prefix]));
$want = [];
$owners = [];
for ($i = 0; $i < 60; $i++) {
    $q->enqueue("q$i", 'job');
    $want[] = "q$i";
    $owners[topo_key_owner($prefix . "q$i")] = true;
}
$seen = [];
$masters = [];
$cursor = null;
$calls = 0;
do {
    $page = $q->names($cursor, 10);
    $seen = array_merge($seen, $page['names']);
    $cursor = $page['cursor'];
    if ($cursor !== null) {
        $masters[explode(':', $cursor)[0]] = true;
    }
    $calls++;
} while ($cursor !== null && $calls < 1000);
$seen = array_unique($seen);
sort($seen);
sort($want);
echo 'keys on ', count($owners), ' masters; listed all: ', topo_yes($seen === $want, array_diff($want, $seen)),
    '; the cursor visited masters ', implode(',', array_keys($masters)), "\n";
?>
--EXPECT--
keys on 3 masters; listed all: yes; the cursor visited masters 0,1,2
