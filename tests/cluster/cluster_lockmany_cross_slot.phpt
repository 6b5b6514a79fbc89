--TEST--
Cluster: lockMany() over names in different slots throws ValueError mentioning "slot", before anything is locked
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$base = rl_name();
$seeds = topo_cluster_seeds();
/* Two names on different masters, and two on one master but in different slots. */
$x = topo_name_on($seeds[0], "$base:x");
$y = topo_name_on($seeds[1], "$base:y");
$z = topo_name_on($seeds[0], "$base:z", 'Lock:', [topo_key_slot("Lock:$x")]);
$lock = new RedisLock(topo_cluster_options());
foreach ([[$x, $y], [$x, $z], [$x, '{' . $base . '}:tagged', $y]] as $names) {
    try {
        $lock->lockMany($names, 0, 10);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo 'ValueError mentioning "slot": ', topo_yes(str_contains($e->getMessage(), 'slot'), $e->getMessage()), "\n";
    }
    $held = 0;
    foreach ($names as $n) {
        $held += (int) topo_raw_for_key("Lock:$n")->call('EXISTS', "Lock:$n");
    }
    echo "locks left: $held\n";
}
/* The object still works afterwards. */
var_dump($lock->lockMany([$x]), $lock->unlock($x));
?>
--EXPECT--
ValueError mentioning "slot": yes
locks left: 0
ValueError mentioning "slot": yes
locks left: 0
ValueError mentioning "slot": yes
locks left: 0
bool(true)
bool(true)
