--TEST--
RedisLock: a forked child that exits does not release the locks its parent holds in the inherited object
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name, 0, 30));

/* One child uses the object for another lock, one never touches it. */
$codes = rl_fork(2, function (int $i) use ($lock, $name) {
    if ($i === 0) {
        return $lock->lock("$name:child", 0, 5) && $lock->unlock("$name:child") ? 0 : 10;
    }
    return 0;
});
echo implode(',', $codes), "\n";
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->isLocking($name));
$other = new RedisLock(rl_dsn());
var_dump($other->lock($name));
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
0,0
int(1)
bool(true)
bool(false)
bool(true)
int(0)
