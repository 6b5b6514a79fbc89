--TEST--
RedisLock::__construct(): with no argument or null, the INI setting redislock.default_connection is used
--INI--
redislock.default_connection=redis://127.0.0.1:1/9
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
var_dump(ini_get('redislock.default_connection'));
var_dump(print_r(new RedisLock(), true) === print_r(new RedisLock('redis://127.0.0.1:1/9'), true));

ini_set('redislock.default_connection', rl_dsn() . '/6');
$raw6 = new RawRedis();
$raw6->call('SELECT', '6');
foreach ([new RedisLock(), new RedisLock(null)] as $lock) {
    $name = rl_name();
    var_dump($lock->lock($name));
    var_dump($raw6->call('EXISTS', "Lock:$name"));
    var_dump($lock->unlock($name));
}

/* An invalid default is reported when an object is made from it. */
ini_set('redislock.default_connection', 'localhost:1');
try {
    new RedisLock();
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
string(21) "redis://127.0.0.1:1/9"
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
int(1)
bool(true)
RedisLock::__construct(): Argument #1 ($connection) must be a DSN of the form redis[s]://[user:password@]host[:port][/db], unix:///path/redis.sock[?db=N], sentinel://host:port[,host:port...]/service or redis-cluster://host:port[,host:port...], "localhost:1" given
