--TEST--
Cluster: labels with braces, '%', '@' and NUL in waiters' ids: another process's waiter on a lock and a semaphore is served and named in held_by, and names() lists only the names
--DESCRIPTION--
Cluster: labels with braces, '%', '@' and NUL in waiters' ids and tokens: a waiter of another process on a lock and a semaphore (names with and without hash tags) is served, named in held_by, and names() lists only the names
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$prefix = '{L' . bin2hex(random_bytes(4)) . '}';
$label = "w:{x}|y@%\0}{";
$opts = topo_cluster_options(['prefix' => $prefix]);
$semOpts = topo_cluster_options(['prefix' => "S$prefix"]);
$lock = new RedisLock($opts + ['holder' => 'main{']);
$sem = new RedisSemaphore($semOpts + ['holder' => 'main{']);
$names = ['plain', '{t}x', 'un}bal{'];
$children = $permits = [];
foreach ($names as $n) {
    $lock->lock($n, 0, 30);
    $permits[$n] = $sem->acquire($n, 1, 0, 30);
    $children[] = l4_spawn('$l = new RedisLock(' . var_export($opts + ['holder' => $label], true) . ');
        echo $l->lock(' . var_export($n, true) . ', 30, 30) ? "got\n" : "not\n"; sleep(30);');
    $children[] = l4_spawn('$s = new RedisSemaphore(' . var_export($semOpts + ['holder' => $label], true) . ');
        echo $s->acquire(' . var_export($n, true) . ', 1, 30, 30) ? "got\n" : "not\n"; sleep(30);');
}
$waiting = l4_until(function () use ($lock, $sem, $names) {
    foreach ($names as $n) {
        if ($lock->inspect($n)['waiters'] < 1 || $sem->inspect($n)['waiters'] < 1) {
            return false;
        }
    }
    return true;
}, 30);
$all = function ($o) {
    $seen = [];
    $c = null;
    do {
        ['names' => $g, 'cursor' => $c] = $o->names($c, 100);
        $seen = array_merge($seen, $g);
    } while ($c !== null);
    $seen = array_values(array_unique($seen));
    sort($seen);
    return $seen;
};
$expect = $names;
sort($expect);
echo json_encode([$waiting, $all($lock) === $expect, $all($sem) === $expect, $lock->inspect('plain')['held_by'], $sem->inspect('plain')['held_by']]), "\n";
$served = true;
foreach ($names as $i => $n) {
    $lock->unlock($n);
    $sem->release($n, $permits[$n]);
    $served = $served && l4_read_line($children[2 * $i][1], 30) === 'got' && l4_read_line($children[2 * $i + 1][1], 30) === 'got'
        && $lock->inspect($n)['held_by'] === [$label] && $sem->inspect($n)['held_by'] === [$label];
}
echo json_encode([$served, $all($lock) === $expect, $all($sem) === $expect]), "\n";
foreach ($children as [$proc, $pipe, $pid]) {
    l4_signal($pid, 'KILL');
    proc_close($proc);
}
foreach ($names as $n) {
    $lock->forceUnlock($n);
}
?>
--EXPECT--
[true,true,true,["main{"],["main{"]]
[true,true,true]
