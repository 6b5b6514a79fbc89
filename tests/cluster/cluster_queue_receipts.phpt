--TEST--
Cluster: queue receipts on {hash tag} names work on every master, the queue's stream, index and settings in the tag's slot
--DESCRIPTION--
Cluster: queue receipts on {hash tag} names landing on each of the 3 masters: a
stale receipt gets false from ack/release/touch and changes nothing, the current
one acks; the stream layout's keys (the stream, its index, the queue's
settings) live in the tag's slot on its owner
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$w1 = new RedisQueue(topo_cluster_options());
$w2 = new RedisQueue(topo_cluster_options());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $tag = topo_name_on($master, "$base:$i", '');
    $name = '{' . $tag . '}jobs';
    $raw = topo_raw($master);
    $w1->enqueue($name, 'job');
    $first = $w1->reserve($name, 1, 0.2);
    usleep(300000);
    $second = $w2->reserve($name, 1, 30);
    /* The stream layout's keys: the stream (group rl), its index and the queue's settings. */
    $keys = [];
    foreach (['stream', 'index', 'meta'] as $what) {
        $keys[$what] = '{' . $tag . '}:' . $what . ':Queue:' . $name;
    }
    /* The reservations (entry, consumer, deliveries: not the idle time, which runs), entries, index and settings. */
    $state = fn () => [
        array_map(fn ($p) => [$p[0], $p[1], $p[3]], $raw->call('XPENDING', $keys['stream'], 'rl', '-', '+', '10')),
        $raw->call('XRANGE', $keys['stream'], '-', '+'), $raw->call('HGETALL', $keys['index']), $raw->call('HGETALL', $keys['meta']),
    ];
    $before = $state();
    $stale = [$w1->touch($name, 'job', 60, $first['receipt']), $w1->release($name, 'job', 0, $first['receipt']), $w1->ack($name, 'job', $first['receipt'])];
    $after = $state();
    [$eid, $consumer, $deliveries] = explode('/', $second['receipt']);
    $slots = array_unique(array_map('topo_key_slot', [...array_values($keys), "Queue:$name"]));
    echo "master $i: attempts ", $first['attempts'], ' then ', $second['attempts'],
        '; stale receipt: ', json_encode($stale),
        '; nothing changed: ', topo_yes($after === $before && $before[0] === [[$eid, $consumer, (int) $deliveries]], [$before, $after]),
        '; stream, index and meta on the owner, in the slot: ', topo_yes($raw->call('EXISTS', ...array_values($keys)) === 3
            && $raw->call('HGET', $keys['index'], 'job') === $eid && count($slots) === 1, [$keys, $slots]),
        '; current receipt: touch ', json_encode($w2->touch($name, 'job', 30, $second['receipt'])),
        ', ack ', json_encode($w2->ack($name, 'job', $second['receipt'])),
        '; left: ', json_encode($w1->size($name)), "\n";
}
?>
--EXPECT--
master 0: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; stream, index and meta on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 1: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; stream, index and meta on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
master 2: attempts 1 then 2; stale receipt: [false,false,false]; nothing changed: yes; stream, index and meta on the owner, in the slot: yes; current receipt: touch true, ack true; left: {"due":0,"delayed":0,"inflight":0,"dead":0}
