--TEST--
Sentinel (array form): lock() takes the lock on the master the sentinels name, with the token as its value; unlock() removes it there
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$master = topo_sentinel_master();
echo 'a sentinel names a master: ', topo_yes($master !== null), "\n";
$raw = topo_raw($master);
$lock = new RedisLock(topo_sentinel_options(['connect_timeout' => 2.0, 'read_timeout' => 2.0]));
$name = rl_name();

var_dump($lock->lock($name, 0, 10));
$value = $raw->call('GET', "Lock:$name");
echo 'the key is on the master: ', topo_yes(is_string($value)), "\n";
var_dump($lock->isLocking($name));
var_dump($lock->isLocked($name));
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));

$token = $lock->addLock($name, 10);
echo 'addLock() stores its token on the master: ', topo_yes(is_string($token) && $raw->call('GET', "Lock:$name") === $token), "\n";
var_dump($lock->releaseLock($name, $token));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
a sentinel names a master: yes
bool(true)
the key is on the master: yes
bool(true)
bool(true)
bool(true)
int(0)
addLock() stores its token on the master: yes
bool(true)
int(0)
