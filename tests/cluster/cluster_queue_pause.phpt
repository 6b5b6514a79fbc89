--TEST--
Cluster: pause() and resume() of queues on each of the 3 masters, names with and without hash tags: nothing is handed out while paused
--DESCRIPTION--
The pause key shares the queue's slot (no CROSSSLOT), nothing is handed out while
paused on either layout, and stats() of several queues says which are paused.
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
        $queue->enqueue($name, ['a', 'b']);
        $queue->pause($name);
        $t = $queue->reserve($name);
        $p = $queue->pop($name);
        $s = $queue->stats([$name, "$name:other"]);
        echo "queue $i $form ($layout): paused ", topo_yes($t === false && $p === false && $s[$name]['paused'] && !$s["$name:other"]['paused']
            && $s[$name]['due'] === 2, [$t, $p, $s]);
        $queue->resume($name);
        $t = $queue->reserve($name);
        echo ", resumed ", topo_yes(($t['id'] ?? null) === 'a' && $queue->ack($name, 'a', $t['receipt'])), "\n";
        $queue->clear($name);
        $queue->resume($name);
    }
}
?>
--EXPECT--
queue 0 plain (stream): paused yes, resumed yes
queue 0 tagged (stream): paused yes, resumed yes
queue 1 plain (zset): paused yes, resumed yes
queue 1 tagged (zset): paused yes, resumed yes
queue 2 plain (stream): paused yes, resumed yes
queue 2 tagged (stream): paused yes, resumed yes
