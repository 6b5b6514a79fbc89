--TEST--
Cluster: dead letters of {hash tag} queues work on every master, in the tag's slot
--DESCRIPTION--
Cluster: dead letters of {hash tag} queues on each of the 3 masters: with
max_attempts 1 a released or expired task goes to the dead set (on the owner, in
the tag's slot); dead(), retryDead() (attempts start over), purgeDead(),
remove() and clear() work there
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$q = new RedisQueue(topo_cluster_options(['max_attempts' => 1]));
$base = rl_name();
foreach (topo_cluster_seeds() as $i => $master) {
    $tag = topo_name_on($master, "$base:$i", '');
    $name = '{' . $tag . '}mail';
    $raw = topo_raw($master);
    $deadKey = '{' . $tag . '}:dead:Queue:' . $name;
    $q->enqueue($name, ['a', 'b', 'c']);
    $q->release($name, $q->reserve($name)['id']);       // a: released, used up
    $q->reserve($name, 1, 0.1);                         // b: expires
    usleep(150000);
    $c = $q->reserve($name);                            // settles b, takes c
    $q->release($name, 'c');
    $dead = $q->dead($name);
    echo "master $i: dead ", json_encode(array_column($dead, 'attempts', 'id')),
        ', on the owner in the slot: ', topo_yes($raw->call('ZCARD', $deadKey) === 3 && topo_key_slot($deadKey) === topo_key_slot("Queue:$name")),
        ', size ', json_encode($q->size($name)), "\n";
    echo "  retryDead(a): ", $q->retryDead($name, 'a'), ', attempts then ', $q->reserve($name)['attempts'],
        '; remove(b): ', json_encode($q->remove($name, 'b')),
        '; purgeDead: ', $q->purgeDead($name),
        '; clear: ', $q->clear($name), ', keys left: ', $raw->call('EXISTS', "Queue:$name", $deadKey, '{' . $tag . '}:receipts:Queue:' . $name), "\n";
}
?>
--EXPECT--
master 0: dead {"a":1,"b":1,"c":1}, on the owner in the slot: yes, size {"due":0,"delayed":0,"inflight":0,"dead":3}
  retryDead(a): 1, attempts then 1; remove(b): true; purgeDead: 1; clear: 1, keys left: 0
master 1: dead {"a":1,"b":1,"c":1}, on the owner in the slot: yes, size {"due":0,"delayed":0,"inflight":0,"dead":3}
  retryDead(a): 1, attempts then 1; remove(b): true; purgeDead: 1; clear: 1, keys left: 0
master 2: dead {"a":1,"b":1,"c":1}, on the owner in the slot: yes, size {"due":0,"delayed":0,"inflight":0,"dead":3}
  retryDead(a): 1, attempts then 1; remove(b): true; purgeDead: 1; clear: 1, keys left: 0
