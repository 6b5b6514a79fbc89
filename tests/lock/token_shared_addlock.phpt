--TEST--
RedisLock::addLock(shared: true): returns a "shared:<32 hex>[@<label>]" token per call, any number at once, none while held exclusively
--DESCRIPTION--
RedisLock::addLock(shared: true): returns a "shared:<32 hex>[@<label>]" token per call,
any number of them at once, none while the lock is held exclusively;
releaseLock(), extendLock() and holdsLock() work with them, and the object does
not auto-release them
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
$t1 = $a->addLock($name, 10, 0, true);
$t2 = $a->addLock($name, 10, 0, true);
var_dump(preg_match('/^shared:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/', $t1), $t1 !== $t2);
var_dump($b->addLock($name, 10), $b->lock($name), $b->isLocked($name));
var_dump($b->holdsLock($name, $t1), $b->extendLock($name, $t2, 20), $b->ttl($name));
unset($a);                                   // not auto-released
var_dump($b->holdsLock($name, $t1), $b->holdsLock($name, $t2));
var_dump($b->releaseLock($name, $t1), $b->releaseLock($name, $t1), $b->releaseLock($name, $t2));
$w = $b->addLock($name, 10);
var_dump(is_string($w), $b->addLock($name, 10, 0, true), $b->releaseLock($name, $w));
?>
--EXPECT--
int(1)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
