--TEST--
Redlock: when 2 of 5 servers are SIGKILLed after the object connected to all of them, lock() and unlock() keep working on the 3 left, and the same object works on all 5 again once they are back
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$servers = topo_fault_servers(5);
$lock = new RedisLock(topo_redlock_options($servers, ['connect_timeout' => 0.5, 'read_timeout' => 0.5]));
$name = rl_name();
$key = "Lock:$name";
var_dump($lock->lock($name), topo_count_holding(topo_raws($servers), $key), $lock->unlock($name));

$servers[1]->kill();
$servers[3]->kill();
$live = topo_raws([$servers[0], $servers[2], $servers[4]]);
[$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), ', in time: ', topo_yes($took < 10, $took), "\n";
var_dump(topo_count_holding($live, $key));
var_dump($lock->expire($name, 20));
echo 'extended on the 3: ', topo_yes(min(array_map(fn ($r) => $r->call('PTTL', $key), $live)) > 15000), "\n";
[$e, $ok] = topo_timed(fn () => $lock->unlock($name));
echo 'unlock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
var_dump(topo_count_holding($live, $key));

$servers[1]->start();
$servers[3]->start();
var_dump($lock->lock($name), topo_count_holding(topo_raws($servers), $key), $lock->unlock($name));
?>
--EXPECT--
bool(true)
int(5)
bool(true)
lock(): true, in time: yes
int(3)
bool(true)
extended on the 3: yes
unlock(): true
int(0)
bool(true)
int(5)
bool(true)
