--TEST--
RedisLock::lock(): on a busy lock, $timeout 0.3 gives up with false after about 0.3 s, and $timeout 0 at once
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$holder = new RedisLock(rl_dsn());
$lock = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$lock->isLocking($name); // connect before timing
/* Each bound below is against waiting for the holder (30 s) or for a 60 s interval:
 * half of that, so that a loaded machine's slow call does not cross it. */

$start = microtime(true);
var_dump($lock->lock($name, 0.3, 15, 20000));
$elapsed = microtime(true) - $start;
var_dump($elapsed >= 0.25 && $elapsed < 15 ? 'about 0.3 s' : "took $elapsed s");

$start = microtime(true);
var_dump($lock->lock($name, 0));
$elapsed = microtime(true) - $start;
var_dump($elapsed < 15 ? 'at once' : "took $elapsed s");

/* The default wait interval (0.1 s) does not stretch a 0.25 s timeout much. */
$start = microtime(true);
var_dump($lock->lock($name, 0.25));
$elapsed = microtime(true) - $start;
var_dump($elapsed >= 0.2 && $elapsed < 15 ? 'about 0.25 s' : "took $elapsed s");

/* A wait interval (60 s) longer than the timeout is cut short by the timeout. */
$start = microtime(true);
var_dump($lock->lock($name, 0.2, 15, 60000000));
$elapsed = microtime(true) - $start;
var_dump($elapsed >= 0.15 && $elapsed < 15 ? 'about 0.2 s' : "took $elapsed s");
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
bool(false)
string(11) "about 0.3 s"
bool(false)
string(7) "at once"
bool(false)
string(12) "about 0.25 s"
bool(false)
string(11) "about 0.2 s"
bool(true)
