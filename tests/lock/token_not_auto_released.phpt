--TEST--
RedisLock::addLock(): the lock is not released when the object is destroyed or by unlockAll(); it lives for its $expire
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();

/* For contrast, a lock() lock of the same object is released on destruction. */
$lock = new RedisLock(rl_dsn());
$token = $lock->addLock($name, 30);
var_dump($lock->lock("$name:held", 0, 30));
var_dump($lock->unlockAll());
var_dump($raw->call('GET', l4_key($name)) === $token);
var_dump($lock->lock("$name:held", 0, 30));
unset($lock);
var_dump($raw->call('EXISTS', l4_key("$name:held")));
var_dump($raw->call('GET', l4_key($name)) === $token);
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 25000 && $pttl <= 30000);

/* Nor at the end of the script that took it. */
$child = rl_run_php('
    $lock = new RedisLock(rl_dsn());
    echo $lock->addLock(' . var_export("$name:script", true) . ', 30), "\n";
');
$child_token = trim($child['stdout']);
var_dump($raw->call('GET', l4_key("$name:script")) === $child_token);

/* It does end with its lifetime. */
/* 0.6 s: long enough not to lapse before the next check (a loaded machine may take its time between calls); then it is waited out. */
$short = (new RedisLock(rl_dsn()))->addLock("$name:short", 0.6);
var_dump(is_string($short));
var_dump($raw->call('EXISTS', l4_key("$name:short")));
usleep(700000);
var_dump($raw->call('EXISTS', l4_key("$name:short")));

$other = new RedisLock(rl_dsn());
var_dump($other->releaseLock($name, $token));
var_dump($other->releaseLock("$name:script", $child_token));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
int(0)
bool(true)
bool(true)
