--TEST--
TLS: RedisLock and RedisQueue work over rediss:// with peer verification and a client certificate
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$dir = rl_env('REDISLOCK_TEST_TLS_DIR');
$port = rl_env('REDISLOCK_TEST_TLS_PORT');
$name = rl_name();

$dsn = "rediss://127.0.0.1:$port?cafile=" . rawurlencode("$dir/ca.crt")
    . '&local_cert=' . rawurlencode("$dir/client.crt") . '&local_pk=' . rawurlencode("$dir/client.key");
$a = new RedisLock($dsn);
$b = new RedisLock(rl_tls_options());
var_dump($a->lock($name), $b->lock($name), $a->isLocking($name), $a->unlock($name), $b->lock($name, 1));

$q = new RedisQueue(rl_tls_options());
var_dump($q->enqueue($name, ['x', 'y']), array_column($q->pop($name, 5), 'id'));
var_dump($a)['tls'] ?? null;
?>
--EXPECTF--
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(1) "x"
  [1]=>
  string(1) "y"
}
object(RedisLock)#%d (%d) {
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
  bool(true)
%A}
