--TEST--
Redlock: with 1 or 2 of 5 servers unreachable (nothing listens on their ports), lock() and unlock() still work on the 3 or 4 others
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$shared = topo_redlock_servers();
foreach ([1, 2] as $down) {
    $servers = array_merge(array_slice($shared, 0, 5 - $down), array_map(fn () => '127.0.0.1:' . rl_dead_port(), range(1, $down)));
    shuffle($servers);
    $raws = topo_raws(array_slice($shared, 0, 5 - $down));
    $lock = new RedisLock(topo_redlock_options($servers, ['connect_timeout' => 0.5, 'read_timeout' => 0.5]));
    $name = rl_name();
    [$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
    echo "$down down: lock() ", $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), ', in time: ', topo_yes($took < 10, $took), "\n";
    echo "$down down: held on every live server: ", topo_yes(topo_count_holding($raws, "Lock:$name") === 5 - $down), "\n";
    var_dump($lock->isLocking($name), $lock->isLocked($name));
    [$e, $ok] = topo_timed(fn () => $lock->unlock($name));
    echo "$down down: unlock() ", $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
    var_dump(topo_count_holding($raws, "Lock:$name"));
}
?>
--EXPECT--
1 down: lock() true, in time: yes
1 down: held on every live server: yes
bool(true)
bool(true)
1 down: unlock() true
int(0)
2 down: lock() true, in time: yes
2 down: held on every live server: yes
bool(true)
bool(true)
2 down: unlock() true
int(0)
