--TEST--
Redlock: isLocked(), expire() and unlock() answer by a majority of the servers
--DESCRIPTION--
Redlock: isLocked(), expire() and unlock() count a majority: a lock still held
on 3 of 5 servers is locked, extends and unlocks with true; once it is gone from
3 of them it is not locked, expire() is false, and unlock() is false but still
removes it from the servers that had it
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raws = topo_raws(topo_redlock_servers());
$lock = new RedisLock(topo_redlock_options());
$observer = new RedisLock(topo_redlock_options());
$name = rl_name();
$key = "Lock:$name";

var_dump($lock->lock($name, 0, 10));
/* Lost on 2 servers: still a majority. */
$raws[0]->call('DEL', $key);
$raws[1]->call('DEL', $key);
var_dump($observer->isLocked($name), $lock->isLocking($name));
var_dump($lock->expire($name, 20));
echo 'extended where it was held: ', topo_yes(min(array_map(fn ($r) => $r->call('PTTL', $key), array_slice($raws, 2))) > 15000), "\n";
var_dump($lock->unlock($name), topo_count_holding($raws, $key));

var_dump($lock->lock($name, 0, 10));
/* Lost on 3 servers: no majority any more. */
foreach ([0, 2, 4] as $i) {
    $raws[$i]->call('DEL', $key);
}
var_dump($observer->isLocked($name), $lock->isLocking($name));
var_dump($lock->expire($name, 20));
var_dump($lock->unlock($name), topo_count_holding($raws, $key));

/* Someone else's keys on 2 servers: not locked for anyone. */
$raws[1]->call('SET', $key, 'x', 'PX', '10000');
$raws[2]->call('SET', $key, 'x', 'PX', '10000');
var_dump($observer->isLocked($name));
$raws[3]->call('SET', $key, 'x', 'PX', '10000');
var_dump($observer->isLocked($name));
foreach ($raws as $raw) {
    $raw->call('DEL', $key);
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
extended where it was held: yes
bool(true)
int(0)
bool(true)
bool(false)
bool(false)
bool(false)
bool(false)
int(0)
bool(false)
bool(true)
