--TEST--
Persistent connections: a reused connection is authenticated and on the database its settings name
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$name = rl_name();
$settings = ['host' => '127.0.0.1', 'port' => $port, 'password' => 'secret', 'database' => 2, 'persistent' => true];
$first = new RedisLock($settings);
var_dump($first->lock($name . ':1'));
$second = new RedisLock($settings);
var_dump($second->lock($name . ':2'));
$db5 = new RedisLock(['database' => 5] + $settings);
var_dump($db5->lock($name . ':5'));

$raw = new RawRedis($port, 'secret');
$raw->call('SELECT', '2');
var_dump($raw->call('EXISTS', "Lock:$name:1", "Lock:$name:2", "Lock:$name:5"));
$raw->call('SELECT', '5');
var_dump($raw->call('EXISTS', "Lock:$name:5"));
$first->unlockAll();
$second->unlockAll();
$db5->unlockAll();
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(2)
int(1)
