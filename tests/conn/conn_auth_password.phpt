--TEST--
RedisLock: the default user's password (redis://:secret@host:port or option "password") authenticates
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$raw = new RawRedis($port, 'secret');
foreach (["redis://:secret@$host:$port", "redis://$host:$port?password=secret", ['host' => $host, 'port' => $port, 'password' => 'secret']] as $connection) {
    $name = rl_name();
    $lock = new RedisLock($connection);
    var_dump($lock->lock($name));
    var_dump($raw->call('EXISTS', "Lock:$name"));
    var_dump($lock->isLocking($name));
    var_dump($lock->unlock($name));
}
/* A password with URL-escaped special characters is decoded. */
$raw->call('ACL', 'SETUSER', 'odd', 'on', '>p@ss:w/rd%', '~*', '&*', '+@all');
$lock = new RedisLock("redis://odd:p%40ss%3Aw%2Frd%25@$host:$port");
$name = rl_name();
var_dump($lock->lock($name), $lock->unlock($name));
$raw->call('ACL', 'DELUSER', 'odd');
?>
--EXPECT--
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
