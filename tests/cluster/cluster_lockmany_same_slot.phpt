--TEST--
Cluster: lockMany() over names sharing a hash tag ("{order:N}a", "{order:N}b") takes all of them on the slot's owner, or none when one is busy
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$tag = '{' . rl_name() . '}';
$names = ["{$tag}a", "{$tag}b", "{$tag}c"];
$keys = array_map(fn ($n) => "Lock:$n", $names);
$raw = topo_raw(topo_key_owner($keys[0]));
$a = new RedisLock(topo_cluster_options());
$b = new RedisLock(topo_cluster_options());

var_dump($a->lockMany([$names[0], $names[1]], 0, 10));
var_dump($raw->call('EXISTS', $keys[0], $keys[1]));
/* Busy on one name: b takes none of them, c included. */
var_dump($b->lockMany([$names[1], $names[2]]));
var_dump($raw->call('EXISTS', $keys[2]));
[$e, $got, $took] = topo_timed(fn () => $b->lockMany([$names[2], $names[0]], 0.3));
echo 'a waiting lockMany() gives up after its timeout: ', topo_yes(!$e && $got === false && $took >= 0.25 && $took < 10,
    $e ? $e->getMessage() : [$got, $took]), "\n";
var_dump($a->unlock($names[0]), $a->unlock($names[1]));
var_dump($b->lockMany([$names[1], $names[2]]));
var_dump($raw->call('EXISTS', ...$keys));
var_dump($b->unlockAll());
var_dump($raw->call('EXISTS', ...$keys));
?>
--EXPECT--
bool(true)
int(2)
bool(false)
int(0)
a waiting lockMany() gives up after its timeout: yes
bool(true)
bool(true)
bool(true)
int(2)
bool(true)
int(0)
