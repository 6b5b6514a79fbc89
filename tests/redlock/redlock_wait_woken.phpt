--TEST--
Redlock: a waiter in another process gets the lock soon after the holder unlocks, long before the holder's expiry
--DESCRIPTION--
Redlock: a waiter (lock() with a timeout) in another process gets the lock soon
after the holder unlocks, long before the holder's expiry; another gets it at
the holder's expiry when the holder never unlocks
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$name = rl_name();
$holder = new RedisLock(topo_redlock_options());

/* Woken by unlock: the holder has 10 s left but unlocks after 0.5 s. */
var_dump($holder->lock($name, 0, 10));
[$proc, $out] = l4_spawn('require_once ' . var_export(__DIR__ . '/../harness/topology_test.inc', true) . ';
$lock = new RedisLock(topo_redlock_options());
echo "waiting\n";
$t = microtime(true);
$ok = $lock->lock(' . var_export($name, true) . ', 5, 10);
printf("%s %.3f\n", json_encode($ok), microtime(true) - $t);
$lock->unlock(' . var_export($name, true) . ');
');
echo l4_read_line($out, 5), "\n";
usleep(500000);
$unlocked = microtime(true);
var_dump($holder->unlock($name));
$line = l4_read_line($out, 8);
proc_close($proc);
[$ok, $took] = explode(' ', (string) $line) + ['', '0'];
echo "waiter: $ok\n";
echo 'got it between 0.4 s and 2 s after it started waiting: ', topo_yes($took >= 0.4 && $took < 2.0, $line), "\n";

/* At expiry: the holder's lock lasts 1 s and is never released. */
$token = $holder->addLock("$name:expiry", 1.0);
$started = microtime(true);
$waiter = new RedisLock(topo_redlock_options());
[$e, $ok, $took] = topo_timed(fn () => $waiter->lock("$name:expiry", 4, 10));
echo 'at expiry: ', $e ? get_class($e) . ': ' . $e->getMessage() : json_encode($ok),
    ', after 0.8 s to 2.5 s: ', topo_yes($took >= 0.8 && $took < 2.5, $took), "\n";
var_dump($waiter->unlock("$name:expiry"));
?>
--EXPECT--
bool(true)
waiting
bool(true)
waiter: true
got it between 0.4 s and 2 s after it started waiting: yes
at expiry: true, after 0.8 s to 2.5 s: yes
bool(true)
