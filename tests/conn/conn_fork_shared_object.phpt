--TEST--
RedisLock: after pcntl_fork, parent and child can both use the object inherited from the parent's connection; neither gets the other's replies
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
/* Connected before the fork. */
var_dump($lock->lock("$name:warmup"), $lock->unlock("$name:warmup"));

$codes = rl_fork(1, function () use ($lock, $name) {
    for ($i = 0; $i < 100; $i++) {
        $n = "$name:child:$i";
        if (!$lock->lock($n, 0, 5) || !$lock->isLocking($n) || $lock->isLocking("$name:parent:$i") || !$lock->unlock($n)) {
            return 10;
        }
    }
    return 0;
});
/* Meanwhile... and after: the parent's object gives the right answers. */
for ($i = 0; $i < 100; $i++) {
    $n = "$name:parent:$i";
    if (!$lock->lock($n, 0, 5) || !$lock->isLocking($n) || $lock->isLocking("$name:child:$i") || !$lock->unlock($n)) {
        echo "parent failed at $i\n";
        break;
    }
}
var_dump($codes);
var_dump($lock->lock($name));
var_dump($lock->isLocking($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->unlock($name));
var_dump($lock->isLocking($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
array(1) {
  [0]=>
  int(0)
}
bool(true)
bool(true)
int(1)
bool(true)
bool(false)
int(0)
