--TEST--
TLS: a forked child that uses and then drops an inherited connection leaves the parent's TLS session working
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$lock = new RedisLock(rl_tls_options());
var_dump($lock->lock($name, 0, 30));
$codes = rl_fork(1, function () use ($lock, $name) {
    return $lock->lock($name . ':child') && $lock->unlock($name . ':child') ? 0 : 1;
});
var_dump($codes);
var_dump($lock->isLocking($name), $lock->unlock($name), $lock->lock($name . ':after'), $lock->unlock($name . ':after'));
?>
--EXPECT--
bool(true)
array(1) {
  [0]=>
  int(0)
}
bool(true)
bool(true)
bool(true)
bool(true)
