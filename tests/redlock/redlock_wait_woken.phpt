--TEST--
Redlock: a waiter in another process gets the lock when the holder unlocks, long before the holder's expiry
--DESCRIPTION--
Redlock: a waiter (lock() with a timeout) in another process gets the lock when
the holder unlocks, long before the holder's expiry; another gets it at
the holder's expiry when the holder never unlocks
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$holder = new RedisLock(topo_redlock_options());

/* Woken by unlock: the holder has 60 s left but unlocks 0.5 s after the waiter
 * said it waits (its clock started before it said so). */
var_dump($holder->lock($name, 0, 60));
[$proc, $out] = l4_spawn('require_once ' . var_export(__DIR__ . '/../harness/topology_test.inc', true) . ';
$lock = new RedisLock(topo_redlock_options());
$t = microtime(true);
echo "waiting\n";
$ok = $lock->lock(' . var_export($name, true) . ', 30, 10);
printf("%s %.3f\n", json_encode($ok), microtime(true) - $t);
$lock->unlock(' . var_export($name, true) . ');
');
echo l4_read_line($out, 30), "\n";
usleep(500000);
$unlocked = microtime(true);
var_dump($holder->unlock($name));
$line = l4_read_line($out, 40);
proc_close($proc);
[$ok, $took] = explode(' ', (string) $line) + ['', '0'];
echo "waiter: $ok\n";
/* Not before the unlock (0.5 s on), and by the unlock: long before the holder's
 * 60 s or the waiter's 30 s ran out (how soon is a benchmark's figure). */
echo 'got it after the unlock, long before any timeout: ', topo_yes($took >= 0.45 && $took < 20, $line), "\n";

/* At expiry: the holder's lock lasts 1 s and is never released. Not taken before
 * 1 s after the clock started (before addLock() was sent), and long before the
 * waiter's 30 s ran out. */
$waiter = new RedisLock(topo_redlock_options());
$waiter->isLocked("$name:expiry");   // connected
$started = microtime(true);
$token = $holder->addLock("$name:expiry", 1.0);
[$e, $ok] = topo_timed(fn () => $waiter->lock("$name:expiry", 30, 10));
$took = microtime(true) - $started;
echo 'at expiry: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok),
    ', not before 1 s, long before the wait ran out: ', topo_yes($took >= 0.95 && $took < 20, $took), "\n";
var_dump($waiter->unlock("$name:expiry"));
?>
--EXPECT--
bool(true)
waiting
bool(true)
waiter: true
got it after the unlock, long before any timeout: yes
at expiry: true, not before 1 s, long before the wait ran out: yes
bool(true)
