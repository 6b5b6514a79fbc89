--TEST--
Cluster: submit() by a uniqueKey and enqueue() on queues of each of the 3 masters, names with and without hash tags: the keys share the queue's slot
--DESCRIPTION--
The uniqueness keys' hash ("<queue>:keyed") is in the queue's slot (no CROSSSLOT):
a second id under the key is a duplicate while the holder waits, a re-enqueue of
the holder's id after its ack lets the key go, and clear() leaves no key of the
queue on its master.
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$queue = new RedisQueue(topo_cluster_options());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    foreach (['plain', 'tagged'] as $form) {
        $name = topo_name_on($master, "$base:$i:$form", 'Queue:');
        if ($form === 'tagged') {
            $name = '{' . $name . '}x';
        }
        $layout = $i % 2 === 0 ? 'stream' : 'zset';
        if ($layout === 'stream') {
            $queue->migrate($name);
        }
        $a = $queue->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: "k{$i}\0{x}");
        $b = $queue->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: "k{$i}\0{x}");
        $t = $queue->reserve($name);
        $queue->ack($name, 'A', $t['receipt']);
        $queue->enqueue($name, 'A');
        $c = $queue->submit($name, 'C', 'c', unique: 'until_done', uniqueKey: "k{$i}\0{x}");
        $queue->clear($name);
        echo "queue $i $form ($layout): ", topo_yes([$a, $b, $c] === ['queued', 'duplicate', 'queued'], [$a, $b, $c]), "\n";
    }
}
?>
--EXPECT--
queue 0 plain (stream): yes
queue 0 tagged (stream): yes
queue 1 plain (zset): yes
queue 1 tagged (zset): yes
queue 2 plain (stream): yes
queue 2 tagged (stream): yes
