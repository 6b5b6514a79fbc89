--TEST--
Redlock: lockMany() is all-or-nothing on each server and needs a majority of servers
--DESCRIPTION--
Redlock: lockMany() is all-or-nothing on each server and needs a majority of
servers: with one name busy on 2 servers it takes both names on the other 3
only; busy on 3 servers it returns false and leaves nothing anywhere
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raws = topo_raws(topo_redlock_servers());
$lock = new RedisLock(topo_redlock_options());
$base = rl_name();
[$a, $b] = ["$base:a", "$base:b"];

var_dump($lock->lockMany([$a, $b], 0, 10));
echo 'both on all 5: ', topo_count_holding($raws, "Lock:$a") + topo_count_holding($raws, "Lock:$b"), "\n";
var_dump($lock->isLocking($a), $lock->isLocking($b));
$other = new RedisLock(topo_redlock_options());
var_dump($other->lockMany([$b, "$base:c"]));
echo 'c left anywhere: ', topo_count_holding($raws, "Lock:$base:c"), "\n";
var_dump($lock->unlock($a), $lock->unlock($b));
echo 'left: ', topo_count_holding($raws, "Lock:$a") + topo_count_holding($raws, "Lock:$b"), "\n";

/* b busy on servers 0 and 1: those take neither name, the other 3 take both. */
$raws[0]->call('SET', "Lock:$b", 'someone-else', 'PX', '20000');
$raws[1]->call('SET', "Lock:$b", 'someone-else', 'PX', '20000');
var_dump($lock->lockMany([$a, $b], 0, 10));
echo 'a held on: ', implode(',', array_keys(array_filter(topo_values($raws, "Lock:$a"), 'is_string'))), "\n";
echo 'b ours on: ', implode(',', array_keys(array_filter(topo_values($raws, "Lock:$b"), fn ($v) => is_string($v) && $v !== 'someone-else'))), "\n";
var_dump($lock->unlockAll());
echo 'a left: ', topo_count_holding($raws, "Lock:$a"), ', b left (theirs): ', topo_count_holding($raws, "Lock:$b"), "\n";

/* b busy on 3 servers: no majority, nothing left behind. */
$raws[2]->call('SET', "Lock:$b", 'someone-else', 'PX', '20000');
[$e, $ok] = topo_timed(fn () => $lock->lockMany([$a, $b], 0, 10));
echo 'lockMany(): ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
echo 'a left: ', topo_count_holding($raws, "Lock:$a"), "\n";
echo 'b untouched: ', topo_yes(topo_values($raws, "Lock:$b") === ['someone-else', 'someone-else', 'someone-else', null, null]), "\n";
foreach ($raws as $raw) {
    $raw->call('DEL', "Lock:$b");
}
?>
--EXPECT--
bool(true)
both on all 5: 10
bool(true)
bool(true)
bool(false)
c left anywhere: 0
bool(true)
bool(true)
left: 0
bool(true)
a held on: 2,3,4
b ours on: 2,3,4
bool(true)
a left: 0, b left (theirs): 2
lockMany(): false
a left: 0
b untouched: yes
