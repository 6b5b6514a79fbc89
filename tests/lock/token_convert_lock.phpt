--TEST--
RedisLock::convertLock(): promotes a shared token to an exclusive one once it is the only holder, and demotes an exclusive one at once
--DESCRIPTION--
RedisLock::convertLock(): promotes a shared token to an exclusive
"<fence>:<hex>" one once it is the only holder (false at once while another
shares it, the share kept), demotes an exclusive token to "shared:<hex>" at once
(readers may join), renews a token already of the asked kind, and answers false
for a token that holds nothing
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$name = rl_name();
$l = new RedisLock(rl_dsn());
$r1 = $l->addLock($name, 10, 0, true);
$r2 = $l->addLock($name, 10, 0, true);
$t = microtime(true);
var_dump($l->convertLock($name, $r1, false, 0));
var_dump($l->convertLock($name, $r1, false, 0.3), microtime(true) - $t >= 0.25);
var_dump($l->holdsLock($name, $r1), $l->releaseLock($name, $r2));
$w = $l->convertLock($name, $r1, false);
var_dump(preg_match('/^\d+:' . substr($r1, 7) . '$/', $w), $l->holdsLock($name, $w), $l->holdsLock($name, $r1));
var_dump($l->addLock($name, 10, 0, true));
$s = $l->convertLock($name, $w, true);
var_dump($s === $r1, $l->holdsLock($name, $s), $l->holdsLock($name, $w));
$r3 = $l->addLock($name, 10, 0, true);
var_dump(is_string($r3));
var_dump($l->convertLock($name, $s, true, 0, 30) === $s, $l->extendLock($name, $s, 1));
var_dump($l->convertLock($name, 'shared:' . str_repeat('0', 32), false), $l->convertLock($name, '1:' . str_repeat('0', 32), true));
try {
    $l->convertLock($name, '', true);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
$l->releaseLock($name, $s);
$l->releaseLock($name, $r3);
var_dump($l->isLocked($name));
?>
--EXPECT--
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
RedisLock::convertLock(): Argument #2 ($token) must not be empty
bool(false)
