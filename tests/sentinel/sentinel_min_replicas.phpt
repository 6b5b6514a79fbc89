--TEST--
Sentinel, min_replicas: lock() returns only once that many replicas have the acquisition (WAIT); when they cannot in time, the lock is released again and RedisLockTimeoutException says why
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$master = topo_sentinel_master();
$replica = null;
foreach (topo_endpoints('REDISLOCK_TEST_SENTINEL_NODES') as $node) {
    if ($node !== $master) {
        $replica = $node;
    }
}
echo 'a master and its replica: ', topo_yes($master !== null && $replica !== null), "\n";
$name = rl_name();

$one = new RedisLock(topo_sentinel_options(['min_replicas' => 1, 'read_timeout' => 2.0]));
var_dump($one->lock($name, 0, 10));
/* Read on the replica right away: WAIT returned, so it has the token already. */
$token = topo_raw($replica)->call('GET', "Lock:$name");
echo 'the replica holds the token: ', topo_yes(is_string($token) && topo_raw($master)->call('GET', "Lock:$name") === $token), "\n";
var_dump($one->unlock($name));

/* The group has one replica: two never acknowledge. */
$two = new RedisLock(topo_sentinel_options(['min_replicas' => 2, 'read_timeout' => 0.3]));
[$e, $result, $took] = topo_timed(fn() => $two->lock($name, 0, 10));
echo $e ? get_class($e) : 'no exception: ' . var_export($result, true), "\n";
echo $e && str_contains($e->getMessage(), '1 of 2 replicas') ? "says how many replicas had it\n" : 'message: ' . ($e ? $e->getMessage() : '') . "\n";
/* Not before read_timeout (0.3 s, less clock rounding); 10 s tells a hang from a loaded host. */
echo $took >= 0.25 && $took < 10 ? "not before read_timeout\n" : "after $took s\n";
var_dump(topo_raw($master)->call('EXISTS', "Lock:$name"), $two->isLocking($name));
?>
--EXPECT--
a master and its replica: yes
bool(true)
the replica holds the token: yes
bool(true)
RedisLockTimeoutException
says how many replicas had it
not before read_timeout
int(0)
bool(false)
