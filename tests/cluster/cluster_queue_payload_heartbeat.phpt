--TEST--
Cluster: on {hash tag} queues on every master, payloads live in the tag's slot and the watchdog keeps a reservation
--DESCRIPTION--
Cluster: on {hash tag} queues landing on each of the 3 masters, a payload lives
in the tag's slot on its owner and comes back with the task, and the watchdog
keeps a reservation (visibility 0.5 s) from a second worker for 1.5 s, until
ack()
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$worker = new RedisQueue(topo_cluster_options(['watchdog' => true]));
$other = new RedisQueue(topo_cluster_options());
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $tag = topo_name_on($master, "$base:$i", '');
    $name = '{' . $tag . '}jobs';
    $raw = topo_raw($master);
    $worker->enqueue($name, 'job', payload: "body $i");
    $payloadsKey = '{' . $tag . '}:payloads:Queue:' . $name;
    $stored = $raw->call('HGET', $payloadsKey, 'job') === "body $i" && topo_key_slot($payloadsKey) === topo_key_slot("Queue:$name");
    $t = $worker->reserve($name, 1, 0.5);
    $stolen = false;
    $end = microtime(true) + 1.5;
    while (microtime(true) < $end) {
        $stolen = $stolen || $other->reserve($name, 1, 5) !== false;
        usleep(100000);
    }
    echo "master $i: payload stored on the owner in the slot: ", topo_yes($stored),
        '; returned: ', topo_yes(($t['payload'] ?? null) === "body $i"),
        '; kept from the other worker: ', topo_yes(!$stolen),
        '; ack: ', json_encode($worker->ack($name, 'job', $t['receipt'])),
        '; payload gone: ', topo_yes($raw->call('EXISTS', $payloadsKey) === 0), "\n";
}
?>
--EXPECT--
master 0: payload stored on the owner in the slot: yes; returned: yes; kept from the other worker: yes; ack: true; payload gone: yes
master 1: payload stored on the owner in the slot: yes; returned: yes; kept from the other worker: yes; ack: true; payload gone: yes
master 2: payload stored on the owner in the slot: yes; returned: yes; kept from the other worker: yes; ack: true; payload gone: yes
