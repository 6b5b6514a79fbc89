--TEST--
Redlock: holdsLock() counts a majority and gives nothing back; forceUnlock() removes the lock from every server whoever holds it
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$servers = topo_redlock_servers();
$raws = topo_raws($servers);
$name = rl_name();
$owner = new RedisLock(topo_redlock_options());
$checker = new RedisLock(topo_redlock_options());
$token = $owner->addLock($name, 30);
var_dump($checker->holdsLock($name, $token), $checker->holdsLock($name, 'redlock:nope'));
/* Lost on a majority: holdsLock() says so and leaves the two others alone. */
foreach ([0, 1, 2] as $i) {
    $raws[$i]->call('DEL', "Lock:$name");
}
var_dump($checker->holdsLock($name, $token));
echo 'servers still holding: ', topo_count_holding($raws, "Lock:$name"), "\n";
foreach ([0, 1, 2] as $i) {
    $raws[$i]->call('SET', "Lock:$name", $token, 'PX', '30000');
}
var_dump($checker->forceUnlock($name));
echo 'servers still holding: ', topo_count_holding($raws, "Lock:$name"), "\n";
var_dump($owner->releaseLock($name, $token), $checker->forceUnlock($name));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
servers still holding: 2
bool(true)
servers still holding: 0
bool(false)
bool(false)
