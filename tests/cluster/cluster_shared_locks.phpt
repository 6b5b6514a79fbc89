--TEST--
Cluster: shared locks work on every master and with a {hash tag}, every key of the name in its slot
--DESCRIPTION--
Cluster: shared locks on names landing on each of the 3 masters and on a {hash
tag} name: two readers hold at once (a sorted set on the owner), a writer is
shut out, a writer waiting in another process is woken when the readers leave,
and every key the name left lives in its slot
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require_once __DIR__ . '/../harness/sem_test.inc';
$base = rl_name();
$ready = "$base:ready";
$report = "$base:report";
$main = new RawRedis();
$names = [];
foreach (topo_cluster_seeds() as $i => $master) {
    $names["master $i"] = topo_name_on($master, "$base:$i");
}
$names['hash tag'] = '{' . $base . ':tag}:x';
foreach ($names as $label => $name) {
    $key = "Lock:$name";
    $raw = topo_raw_for_key($key);
    $r1 = new RedisLock(topo_cluster_options());
    $r2 = new RedisLock(topo_cluster_options());
    $w = new RedisLock(topo_cluster_options());
    $both = $r1->lockShared($name, 0, 30) && $r2->lockShared($name, 0, 30);
    $zset = $raw->call('TYPE', $key) === 'zset' && $raw->call('ZCARD', $key) === 2;
    [$e, $got, $took] = topo_timed(fn () => $w->lock($name, 0.2, 5));
    $shut = !$e && $got === false && $took >= 0.19;

    $writer = l4_fork(function () use ($name, $ready, $report) {
        $raw = new RawRedis();
        $lock = new RedisLock(topo_cluster_options());
        $lock->isLocked($name);
        sem_tell($raw, $ready, 'writer');
        $ok = $lock->lock($name, 60, 15);
        sem_tell($raw, $report, $ok ? 'locked' : 'busy');
        return $ok && $lock->unlock($name) ? 0 : 11;
    });
    sem_report($main, $ready, 30);
    /* Until the writer waits, as the server sees it. */
    l4_until(fn () => ($r1->inspect($name)['waiters'] ?? 0) >= 1, 30.0);
    $left = microtime(true);
    $r1->unlock($name);
    $r2->unlock($name);
    [$what, $at] = sem_report($main, $report, 30);
    /* Woken by the readers leaving: long before their 30 s would have lapsed (how
     * soon is a benchmark's figure). */
    $woken = $what === 'locked' && $at - $left < 15;
    $codes = l4_wait([$writer], 30);

    $slot = topo_key_slot($key);
    $stray = [];
    foreach (topo_cluster_seeds() as $node) {
        foreach ((array) topo_raw($node)->call('KEYS', "*$base*") as $k) {
            if (is_string($k) && str_contains($k, $name) && topo_key_slot($k) !== $slot) {
                $stray[] = $k;
            }
        }
    }
    printf("%s: both readers %s, sorted set on the owner %s, writer shut out %s, waiting writer woken %s, exit %s, key gone %s, keys outside the slot: %s\n",
        $label, topo_yes($both), topo_yes($zset), topo_yes($shut, $e ? $e->getMessage() : [$got, $took]),
        topo_yes($woken, [$what, $at - $left]), implode(',', $codes), topo_yes($raw->call('EXISTS', $key) === 0),
        $stray ? json_encode($stray) : 'none');
}
$main->call('DEL', $ready, $report);
?>
--EXPECT--
master 0: both readers yes, sorted set on the owner yes, writer shut out yes, waiting writer woken yes, exit 0, key gone yes, keys outside the slot: none
master 1: both readers yes, sorted set on the owner yes, writer shut out yes, waiting writer woken yes, exit 0, key gone yes, keys outside the slot: none
master 2: both readers yes, sorted set on the owner yes, writer shut out yes, waiting writer woken yes, exit 0, key gone yes, keys outside the slot: none
hash tag: both readers yes, sorted set on the owner yes, writer shut out yes, waiting writer woken yes, exit 0, key gone yes, keys outside the slot: none
