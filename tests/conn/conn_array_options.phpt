--TEST--
RedisLock::__construct(): an options array (host, port, database, connect_timeout, read_timeout, prefix, auto_release) configures the object
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_PORT');
$raw4 = new RawRedis();
$raw4->call('SELECT', '4');
$name = rl_name();
$lock = new RedisLock([
    'host' => $host,
    'port' => $port,
    'database' => 4,
    'connect_timeout' => 0.75,
    'read_timeout' => 3,
    'prefix' => 'opts:',
    'auto_release' => false,
    'user' => null,
    'password' => null,
    'socket' => null,
]);
$info = print_r($lock, true);
var_dump($lock->lock($name, 0, 5));
var_dump($raw4->call('EXISTS', "opts:$name"));
echo $info;
var_dump($lock->unlock($name));

/* The defaults: 127.0.0.1, and whatever was not given. */
var_dump(new RedisLock(['port' => $port]));
?>
--EXPECTF--
bool(true)
int(1)
RedisLock Object
(
    [mode] => single
    [endpoint] => %s:%d
    [database] => 4
    [user] => 
    [password] => 
    [tls] => 
    [persistent] => 
    [connect_timeout] => 0.75
    [read_timeout] => 3
    [prefix] => opts:
    [auto_release] => 
    [connected] => 
    [locks] => Array
        (
        )

)
bool(true)
object(RedisLock)#%d (13) {
  ["mode"]=>
  string(6) "single"
  ["endpoint"]=>
  string(%d) "127.0.0.1:%d"
  ["database"]=>
  int(0)
  ["user"]=>
  NULL
  ["password"]=>
  bool(false)
  ["tls"]=>
  bool(false)
  ["persistent"]=>
  bool(false)
  ["connect_timeout"]=>
  float(1)
  ["read_timeout"]=>
  float(2)
  ["prefix"]=>
  string(5) "Lock:"
  ["auto_release"]=>
  bool(true)
  ["connected"]=>
  bool(false)
  ["locks"]=>
  array(0) {
  }
}
