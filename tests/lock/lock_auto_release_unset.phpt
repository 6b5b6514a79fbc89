--TEST--
RedisLock: destroying the object (unset, end of scope) releases every lock it holds, but never a lock that passed to someone else
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock("$name:a"), $lock->lock("$name:b"));
unset($lock);
var_dump($raw->call('EXISTS', "Lock:$name:a", "Lock:$name:b"));

function scoped(string $name): void
{
    $lock = new RedisLock(rl_dsn());
    $lock->lock($name);
    echo "in scope: ", (new RawRedis())->call('EXISTS', "Lock:$name"), "\n";
}
scoped("$name:c");
var_dump($raw->call('EXISTS', "Lock:$name:c"));

/* A lock that expired and was taken by another object stays with its new holder. */
$old = new RedisLock(rl_dsn());
var_dump($old->lock("$name:d", 0, 0.2));
usleep(350000);
$new = new RedisLock(rl_dsn());
var_dump($new->lock("$name:d", 0, 10));
$old = null;
var_dump($raw->call('EXISTS', "Lock:$name:d"));
var_dump($new->isLocking("$name:d"));
var_dump($new->unlock("$name:d"));
?>
--EXPECT--
bool(true)
bool(true)
int(0)
in scope: 1
int(0)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
