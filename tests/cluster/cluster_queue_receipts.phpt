--TEST--
Cluster: queue receipts on {hash tag} names work on every master, the reservation (receipts hash, or the stream's PEL on the stream layout) in the tag's slot
--DESCRIPTION--
Cluster: queue receipts on {hash tag} names landing on each of the 3 masters: a
stale receipt gets false from ack/release/touch and changes nothing, the current
one acks; the receipts hash lives in the tag's slot on its owner
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$base = rl_name();
/* The zset layout keeps a reservation in the in-flight zset and its record in the
 * receipts hash; the stream layout (once migrate() moved the queue) in the stream's PEL. Either way
 * in the tag's slot, on the master that owns it, and a stale receipt changes nothing. */
foreach (['zset', 'auto'] as $layout) {
    echo "$layout\n";
    $w1 = new RedisQueue(topo_cluster_options(['queue_layout' => $layout]));
    $w2 = new RedisQueue(topo_cluster_options(['queue_layout' => $layout]));
    foreach (topo_cluster_seeds() as $i => $master) {
        $tag = topo_name_on($master, "$base:$layout:$i", '');
        $name = '{' . $tag . '}jobs';
        $raw = topo_raw($master);
        if ($layout === 'auto') {
            $w1->migrate($name);               // onto the stream layout
        }
        $w1->enqueue($name, 'job');
        $first = $w1->reserve($name, 1, 0.2);
        usleep(300000);
        $second = $w2->reserve($name, 1, 30);
        $inflightKey = '{' . $tag . '}:inflight:Queue:' . $name;
        $receiptsKey = '{' . $tag . '}:receipts:Queue:' . $name;
        $streamKey = '{' . $tag . '}:stream:Queue:' . $name;
        $state = $layout === 'zset'
            ? fn () => [$raw->call('ZRANGE', $inflightKey, '0', '-1', 'WITHSCORES'), $raw->call('HGETALL', $receiptsKey)]
            : fn () => array_map(fn ($e) => [$e[0], $e[1], $e[3]], $raw->call('XPENDING', $streamKey, 'rl', '-', '+', '10'));
        $before = $state();
        $stale = [$w1->touch($name, 'job', 60, $first['receipt']), $w1->release($name, 'job', 0, $first['receipt']), $w1->ack($name, 'job', $first['receipt'])];
        $after = $state();
        $held = $layout === 'zset'
            ? $raw->call('HEXISTS', $receiptsKey, 'job') === 1 && topo_key_slot($receiptsKey) === topo_key_slot("Queue:$name")
            : count($after) === 1 && topo_key_slot($streamKey) === topo_key_slot("Queue:$name");
        echo "master $i: attempts ", $first['attempts'], ' then ', $second['attempts'],
            '; stale receipt: ', json_encode($stale),
            '; nothing changed: ', topo_yes($after === $before && count($before[0]) === 2 || $layout !== 'zset' && $after === $before && count($before) === 1, [$before, $after]),
            '; record on the owner, in the slot: ', topo_yes($held),
            '; current receipt: touch ', json_encode($w2->touch($name, 'job', 30, $second['receipt'])),
            ', ack ', json_encode($w2->ack($name, 'job', $second['receipt'])),
            '; left: ', json_encode($w1->size($name)), "\n";
    }
}
?>
--EXPECT--
zset
master 0: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 1: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 2: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
auto
master 0: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 1: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 2: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; record on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
