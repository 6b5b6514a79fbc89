--TEST--
Persistent connections: a forked child reconnects instead of using the parent's socket, and the parent's connection keeps working
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$lock = new RedisLock(rl_options(['persistent' => true]));
var_dump($lock->lock($name, 0, 30));
$codes = rl_fork(2, function () use ($lock, $name) {
    $mine = new RedisLock(rl_options(['persistent' => true]));
    return $mine->lock($name . ':' . getmypid()) && !$lock->isLocking($name) && $mine->unlock($name . ':' . getmypid()) ? 0 : 1;
});
var_dump($codes);
var_dump($lock->isLocking($name), $lock->unlock($name), $lock->lock($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
array(2) {
  [0]=>
  int(0)
  [1]=>
  int(0)
}
bool(true)
bool(true)
bool(true)
bool(true)
