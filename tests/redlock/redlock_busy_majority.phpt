--TEST--
Redlock: a lock held by someone else on a majority makes lock() return false and release what it took
--DESCRIPTION--
Redlock: a lock held by someone else on 3 of 5 servers makes lock() return false
(no exception), also after waiting, and what it took on the other 2 is released
again; the other holder's keys are untouched
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raws = topo_raws(topo_redlock_servers());
$name = rl_name();
$key = "Lock:$name";
foreach ([0, 2, 4] as $i) {
    $raws[$i]->call('SET', $key, 'someone-else', 'PX', '20000');
}
$lock = new RedisLock(topo_redlock_options());
[$e, $ok] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock(): ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok), "\n";
echo 'nothing left on the other 2: ', topo_yes($raws[1]->call('EXISTS', $key) + $raws[3]->call('EXISTS', $key) === 0), "\n";
echo 'the holder keeps its 3: ', topo_yes(topo_values($raws, $key) === ['someone-else', null, 'someone-else', null, 'someone-else']), "\n";
var_dump($lock->isLocking($name), $lock->isLocked($name));

[$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0.4, 10));
echo 'lock() with a 0.4 s wait: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok),
    ', gave up in time: ', topo_yes($took >= 0.35 && $took < 10, $took), "\n";
echo 'nothing left on the other 2: ', topo_yes($raws[1]->call('EXISTS', $key) + $raws[3]->call('EXISTS', $key) === 0), "\n";
var_dump($lock->addLock($name, 10));
echo 'nothing left on the other 2: ', topo_yes($raws[1]->call('EXISTS', $key) + $raws[3]->call('EXISTS', $key) === 0), "\n";
foreach ($raws as $raw) {
    $raw->call('DEL', $key);
}
?>
--EXPECT--
lock(): false
nothing left on the other 2: yes
the holder keeps its 3: yes
bool(false)
bool(true)
lock() with a 0.4 s wait: false, gave up in time: yes
nothing left on the other 2: yes
bool(false)
nothing left on the other 2: yes
