--TEST--
Watchdog through Sentinel: a lock on the master the sentinels name is renewed for the whole work
--DESCRIPTION--
Watchdog through Sentinel: a lock taken with lease 1.5 s on the master the
sentinels name keeps its token for 2 s of work (the thread asks the sentinels
for the master itself), and is released at the end
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
require_once __DIR__ . '/../harness/topology_test.inc';
/* A lease of 1.5 s: a renewal due every 0.5 s may come 1 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.5;
$name = rl_name();
$lock = new RedisLock(topo_sentinel_options(['watchdog' => ['lease' => $lease]]));
var_dump($lock->lock($name, 0, 0.05));
$master = topo_sentinel_master();
$raw = topo_raw($master);
$token = $raw->call('GET', l4_key($name));
echo wd_ok(is_string($token), $token), "\n";
[$bad, $looks] = wd_watch($raw, l4_key($name), $token, $lease, 2.0);
echo $bad ? implode("\n", $bad) . "\n" : "held with 0 < PTTL <= lease at every look\n";
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
ok
held with 0 < PTTL <= lease at every look
bool(true)
