--TEST--
Cluster: latches work on every master and with a {hash tag}: set, countDown, a waiter in another process woken, both keys of a latch in its slot, and names() lists them over all masters
--DESCRIPTION--
Names that land on each of the 3 masters, and one with a {hash tag}: set(2),
countDown() to 1, count() on the owner; a waiter in another process blocks in
await() (CLIENT LIST of the owner shows its connection, the one MONITOR saw send its
count(), blocked in BLMOVE) and the countDown() to 0 wakes it
(it returns true); await(0) then answers true. The count and the open mark (one
element) are on the owner, in the count's slot, and nowhere else. names() walked
to its end, under a prefix of this run's own, lists the four latches (a name may
come twice across calls, as for every class).
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
$base = rl_name();
$prefix = 'Latch' . bin2hex(random_bytes(3)) . ':';
$names = [];
foreach (topo_cluster_seeds() as $i => $master) {
    $names["master $i"] = topo_name_on($master, "$base:$i", $prefix);
}
$names['hash tag'] = '{' . $base . ':tag}:x';
$l = new RedisLatch(topo_cluster_options(['prefix' => $prefix]));
foreach ($names as $label => $name) {
    $key = $prefix . $name;
    $owner = topo_key_owner($key);
    $raw = topo_raw($owner);
    $r = [$l->set($name, 2, 60), $l->countDown($name), $l->count($name), $raw->call('GET', $key)];
    $monitor = stream_socket_client("tcp://$owner", $errno, $errstr, 5.0);
    fwrite($monitor, "MONITOR\r\n");
    fgets($monitor);
    [$pids, $addrs] = la_waiters($raw, $monitor, fn () => new RedisLatch(topo_cluster_options(['prefix' => $prefix])), $name, $key, 1, 60);
    fclose($monitor);
    $blocked = count($addrs) === 1 && la_blocked($raw, $addrs);
    $waiter = $pids[0];
    $r[] = $l->countDown($name);
    $r[] = l4_wait([$waiter], l4_bound(30))[0];
    $r[] = $l->await($name, 0);
    $keys = [];
    foreach (topo_cluster_seeds() as $node) {
        foreach (la_keys(topo_raw($node), $name) as $k) {
            $keys[] = [$node, $k];
        }
    }
    $slot = topo_key_slot($key);
    $placed = count($keys) === 2;
    foreach ($keys as [$node, $k]) {
        $placed = $placed && $node === $owner && topo_key_slot($k) === $slot
            && ($k === $key || $raw->call('LRANGE', $k, '0', '-1') === [(string) $raw->call('PEXPIRETIME', $key)]);
    }
    echo "$label: ", json_encode($r), ', the waiter blocked: ', topo_yes($blocked), ', both keys on the owner, in the slot: ', topo_yes($placed, $keys), "\n";
}
$listed = [];
$cursor = null;
$calls = 0;
do {
    $page = $l->names($cursor, 3);
    $listed = array_merge($listed, $page['names']);
    $cursor = $page['cursor'];
} while ($cursor !== null && ++$calls < 1000);
// A name may come twice across calls (its count and its open mark in two pages).
$listed = array_values(array_unique($listed));
sort($listed, SORT_STRING);
$want = array_values($names);
sort($want, SORT_STRING);
echo 'names() over all masters: ', topo_yes($listed === $want, $listed), "\n";
foreach ($names as $name) {
    foreach (topo_cluster_seeds() as $node) {
        foreach (la_keys(topo_raw($node), $name) as $k) {
            topo_raw($node)->call('DEL', $k);
        }
    }
}
?>
--EXPECT--
master 0: [true,1,1,"1",0,0,true], the waiter blocked: yes, both keys on the owner, in the slot: yes
master 1: [true,1,1,"1",0,0,true], the waiter blocked: yes, both keys on the owner, in the slot: yes
master 2: [true,1,1,"1",0,0,true], the waiter blocked: yes, both keys on the owner, in the slot: yes
hash tag: [true,1,1,"1",0,0,true], the waiter blocked: yes, both keys on the owner, in the slot: yes
names() over all masters: yes
