--TEST--
Sentinel, min_replicas: a RedisRateLimiter decision that consumed returns once that many replicas have it (WAIT); else RedisLockTimeoutException says why, the tokens taken
--DESCRIPTION--
A replica that has every admission when it is promoted cannot admit the limit
again after a failover. With min_replicas 1, consume() and wait() return once
the group's replica has the state: read on the replica right after, it holds
what the master holds. With min_replicas 2 (the group has one replica), an
allowed consume() throws RedisLockTimeoutException naming how many replicas had
it, not before read_timeout; the tokens stay taken on the master (remaining 1 of
2), and a refused consume() sends no WAIT (which could only fail there: it
returns its answer without an exception).
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
$key = "Limiter:$name";

$one = new RedisRateLimiter(topo_sentinel_options(['min_replicas' => 1, 'read_timeout' => 2.0]));
foreach (['fixed_window', 'token_bucket'] as $policy) {
    $r = $one->consume("$name:$policy", 2, 60, 1, $policy);
    $state = topo_raw($replica)->call('GET', "$key:$policy");
    echo "$policy consume: ", var_export($r['allowed'], true), ', the replica has the state: ',
        topo_yes(is_string($state) && topo_raw($master)->call('GET', "$key:$policy") === $state), "\n";
}
$w = $one->wait("$name:w", 1, 60, 1, 'fixed_window', null, 1);
$state = topo_raw($replica)->call('GET', "$key:w");
echo 'wait: ', var_export(is_array($w) && $w['allowed'], true), ', the replica has the state: ',
    topo_yes(is_string($state) && topo_raw($master)->call('GET', "$key:w") === $state), "\n";

$two = new RedisRateLimiter(topo_sentinel_options(['min_replicas' => 2, 'read_timeout' => 0.3]));
[$e, $result, $took] = topo_timed(fn () => $two->consume("$name:two", 2, 60, 1, 'fixed_window'));
echo $e ? get_class($e) : 'no exception: ' . json_encode($result), "\n";
echo $e && str_contains($e->getMessage(), '1 of 2 replicas') ? "says how many replicas had it\n" : 'message: ' . ($e ? $e->getMessage() : '') . "\n";
echo $took >= 0.25 && $took < 10 ? "not before read_timeout\n" : "after $took s\n";
echo 'the tokens stay taken: remaining ', $one->peek("$name:two", 2, 60, 1, 'fixed_window')['remaining'], "\n";
$one->consume("$name:two", 2, 60, 1, 'fixed_window');
[$e, $result] = topo_timed(fn () => $two->consume("$name:two", 2, 60, 1, 'fixed_window'));
echo 'refused without a WAIT: ', topo_yes($e === null && $result['allowed'] === false, $e ? $e->getMessage() : $result), "\n";
?>
--EXPECT--
a master and its replica: yes
fixed_window consume: true, the replica has the state: yes
token_bucket consume: true, the replica has the state: yes
wait: true, the replica has the state: yes
RedisLockTimeoutException
says how many replicas had it
not before read_timeout
the tokens stay taken: remaining 1
refused without a WAIT: yes
