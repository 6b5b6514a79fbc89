--TEST--
RedisLock::addLock()/releaseLock(): a token taken in one process is released by another: true once, then false
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();

/* Another PHP process takes the lock, prints its token and exits. */
$child = rl_run_php('
    $lock = new RedisLock(rl_dsn());
    echo $lock->addLock(' . var_export($name, true) . ', 30), "\n";
');
var_dump($child['status'], $child['stderr']);
$token = trim($child['stdout']);
var_dump((bool) preg_match('/^[1-9][0-9]*:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/', $token));

/* The lock outlived the process that took it. */
var_dump($raw->call('GET', l4_key($name)) === $token);
$pttl = $raw->call('PTTL', l4_key($name));
var_dump($pttl > 25000 && $pttl <= 30000);

$other = new RedisLock(rl_dsn());
var_dump($other->lock($name));
var_dump($other->releaseLock($name, $token));
var_dump($raw->call('EXISTS', l4_key($name)));
var_dump($other->releaseLock($name, $token));

/* A third object released nothing it did not have, and can now take the lock. */
var_dump($other->lock($name));
var_dump($other->releaseLock($name, $token));
var_dump($other->isLocking($name));
var_dump($other->unlock($name));
?>
--EXPECT--
int(0)
string(0) ""
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
int(0)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
