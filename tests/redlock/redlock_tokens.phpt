--TEST--
Redlock: addLock() returns a token string stored on every server; extendLock() re-times it on all of them; releaseLock() removes it everywhere, true once and then false; a wrong token changes nothing
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$raws = topo_raws(topo_redlock_servers());
$lock = new RedisLock(topo_redlock_options());
$name = rl_name();
$key = "Lock:$name";

$token = $lock->addLock($name, 5);
echo 'a token string: ', topo_yes(is_string($token) && $token !== ''), "\n";
echo 'stored on every server: ', topo_yes(topo_values($raws, $key) === array_fill(0, 5, $token)), "\n";
var_dump($lock->addLock($name, 5));
var_dump($lock->extendLock($name, 'not-the-token', 30));
var_dump($lock->releaseLock($name, 'not-the-token'));
var_dump(topo_count_holding($raws, $key));
var_dump($lock->extendLock($name, $token, 30));
echo 'extended on every server: ', topo_yes(min(array_map(fn ($r) => $r->call('PTTL', $key), $raws)) > 25000), "\n";
/* Another object, as another process would. */
$other = new RedisLock(topo_redlock_options());
var_dump($other->releaseLock($name, $token));
var_dump(topo_count_holding($raws, $key));
var_dump($other->releaseLock($name, $token));
?>
--EXPECT--
a token string: yes
stored on every server: yes
bool(false)
bool(false)
bool(false)
int(5)
bool(true)
extended on every server: yes
bool(true)
int(0)
bool(false)
