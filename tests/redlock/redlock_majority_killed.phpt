--TEST--
Redlock: with 3 of 5 servers SIGKILLed, lock() throws RedisLockConnectionException quickly and unlock() still releases on the survivors
--DESCRIPTION--
Redlock: when 3 of 5 servers are SIGKILLed while the object holds a lock, lock()
of another name throws RedisLockConnectionException quickly (majority
unreachable) and unlock() of the held one reports failure (false, or that
exception) yet releases it on the 2 survivors; nothing is left there
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$servers = topo_fault_servers(5);
$lock = new RedisLock(topo_redlock_options($servers, ['connect_timeout' => 0.5, 'read_timeout' => 0.5]));
$held = rl_name(':held');
$name = rl_name();
var_dump($lock->lock($held, 0, 30), topo_count_holding(topo_raws($servers), "Lock:$held"));

foreach ([0, 2, 3] as $i) {
    $servers[$i]->kill();
}
$survivors = topo_raws([$servers[1], $servers[4]]);
[$e, $ok, $took] = topo_timed(fn () => $lock->lock($name, 0, 10));
echo 'lock(): ', $e ? get_class($e) : 'no exception, ' . json_encode($ok), "\n";
echo 'within the timeouts (no hang): ', topo_yes($took < 10, $took), "\n";
echo 'mentions the majority: ', topo_yes($e && stripos($e->getMessage(), 'majority') !== false, $e ? $e->getMessage() : null), "\n";
var_dump(topo_count_holding($survivors, "Lock:$name"));

/* The held lock can no longer be released on a majority. */
[$e, $ok, $took] = topo_timed(fn () => $lock->unlock($held));
echo 'unlock() reports failure: ', topo_yes($e instanceof RedisLockConnectionException || (!$e && $ok === false),
    $e ? get_class($e) . ': ' . $e->getMessage() : $ok), ', in time: ', topo_yes($took < 10, $took), "\n";
echo 'released on the survivors anyway: ', topo_yes(topo_count_holding($survivors, "Lock:$held") === 0), "\n";
?>
--EXPECT--
bool(true)
int(5)
lock(): RedisLockConnectionException
within the timeouts (no hang): yes
mentions the majority: yes
int(0)
unlock() reports failure: yes, in time: yes
released on the survivors anyway: yes
