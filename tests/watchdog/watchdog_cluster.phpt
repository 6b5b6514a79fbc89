--TEST--
Watchdog on the test cluster: locks on a name of each master, taken with lease 0.3 s, keep their tokens for 2 s of work (the thread renews each on its own node), and are released at the end
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
require_once __DIR__ . '/../harness/topology_test.inc';
$lease = 0.3;
/** The slots the node of $raw serves (CLUSTER SLOTS, its own ranges). */
function wd_owned_slots(RawRedis $raw): array
{
    static $cache = [];
    $id = spl_object_id($raw);
    if (!isset($cache[$id])) {
        $me = $raw->call('CLUSTER', 'MYID');
        $cache[$id] = [];
        foreach ($raw->call('CLUSTER', 'SLOTS') as $range) {
            if ($range[2][2] === $me) {
                $cache[$id] = array_merge($cache[$id], range($range[0], $range[1]));
            }
        }
    }
    return $cache[$id];
}
$lock = new RedisLock(topo_cluster_options(['watchdog' => ['lease' => $lease]]));
$nodes = array_map('topo_raw', topo_cluster_seeds());
/* One name on each master: the first names whose slots three different nodes hold. */
$names = [];
for ($i = 0; count($names) < 3 && $i < 300; $i++) {
    $name = rl_name();
    foreach ($nodes as $n => $raw) {
        if (!isset($names[$n]) && in_array(topo_key_slot(l4_key($name)), wd_owned_slots($raw), true)) {
            $names[$n] = $name;
        }
    }
}
$where = [];
foreach ($names as $name) {
    var_dump($lock->lock($name, 0, 0.05));
    foreach ($nodes as $n => $raw) {
        $v = $raw->call('GET', l4_key($name));
        if (is_string($v)) {
            $where[$name] = [$n, $v];
        }
    }
}
echo wd_ok(count($where) === 3, array_keys($where)), "\n";
$bad = [];
$end = microtime(true) + 2.0;
while (microtime(true) < $end) {
    foreach ($where as $name => [$n, $token]) {
        $left = $nodes[$n]->call('PTTL', l4_key($name));
        if ($nodes[$n]->call('GET', l4_key($name)) !== $token || !is_int($left) || $left <= 0 || $left > $lease * 1000) {
            $bad[] = "$name: $left";
        }
    }
    usleep(50000);
}
echo $bad ? implode("\n", $bad) . "\n" : "all held with 0 < PTTL <= lease at every look\n";
foreach ($names as $name) {
    var_dump($lock->unlock($name));
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
ok
all held with 0 < PTTL <= lease at every look
bool(true)
bool(true)
bool(true)
