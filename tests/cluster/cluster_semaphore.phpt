--TEST--
Cluster: semaphores work on every master and with a {hash tag}, every key of a semaphore in its slot
--DESCRIPTION--
Cluster: semaphores whose names land on each of the 3 masters and one with a
{hash tag}: acquire up to the limit, count, release, extend, a waiter in another
process woken by release; the sorted set is on the owner and every key of the
semaphore (queue, waiter keys) lives in its slot
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
    $names["master $i"] = topo_name_on($master, "$base:$i", 'Semaphore:');
}
$names['hash tag'] = '{' . $base . ':tag}:x';
foreach ($names as $label => $name) {
    $key = "Semaphore:$name";
    $raw = topo_raw_for_key($key);
    $sem = new RedisSemaphore(topo_cluster_options());
    $a = $sem->acquire($name, 3, 0, 30, 2);
    $b = $sem->acquire($name, 3, 0, 30);
    $full = $sem->acquire($name, 3);
    $held = is_string($a) && is_string($b) && $full === false && $sem->count($name) === 3;
    $onOwner = $raw->call('TYPE', $key) === 'zset' && $raw->call('ZCARD', $key) === 2;
    $extended = $sem->extend($name, $b, 20);

    $waiter = l4_fork(function () use ($name, $ready, $report) {
        $raw = new RawRedis();
        $sem = new RedisSemaphore(topo_cluster_options());
        $sem->count($name);
        sem_tell($raw, $ready, 'waiter');
        $t = $sem->acquire($name, 3, 60, 15, 2);
        sem_tell($raw, $report, $t !== false ? 'acquired' : 'timeout');
        /* Keys of the wait are looked at while it still holds. */
        usleep(200000);
        return $t !== false && $sem->release($name, $t) ? 0 : 11;
    });
    sem_report($main, $ready, 30);
    /* Until the waiter is queued, as the server sees it. */
    l4_until(fn () => ($sem->inspect($name)['waiters'] ?? 0) >= 1, 30.0);
    /* Keys while a waiter is queued. */
    $keys = [];
    foreach (topo_cluster_seeds() as $node) {
        foreach ((array) topo_raw($node)->call('KEYS', "*$base*") as $k) {
            if (is_string($k) && str_contains($k, $name)) {
                $keys[] = $k;
            }
        }
    }
    $released = microtime(true);
    $rel = $sem->release($name, $a);
    [$what, $at] = sem_report($main, $report, 30);
    /* Woken by the release: long before the permit's 30 s would have lapsed (how
     * soon is a benchmark's figure). */
    $woken = $what === 'acquired' && $at - $released < 15;
    $codes = l4_wait([$waiter], 30);
    $rel = $sem->release($name, $b) && $rel;
    $slot = topo_key_slot($key);
    $stray = array_values(array_filter($keys, fn ($k) => topo_key_slot($k) !== $slot));
    $queueSeen = in_array(sem_queue_key($name), $keys, true);
    printf("%s: held up to the limit %s, sorted set on the owner %s, extend %s, waiter woken %s, exit %s, release %s, count 0 %s, queue key seen %s, keys outside the slot: %s\n",
        $label, topo_yes($held), topo_yes($onOwner), topo_yes($extended), topo_yes($woken, [$what, $at - $released]),
        implode(',', $codes), topo_yes($rel), topo_yes($sem->count($name) === 0), topo_yes($queueSeen, $keys),
        $stray ? json_encode($stray) : 'none');
}
$main->call('DEL', $ready, $report);
?>
--EXPECT--
master 0: held up to the limit yes, sorted set on the owner yes, extend yes, waiter woken yes, exit 0, release yes, count 0 yes, queue key seen yes, keys outside the slot: none
master 1: held up to the limit yes, sorted set on the owner yes, extend yes, waiter woken yes, exit 0, release yes, count 0 yes, queue key seen yes, keys outside the slot: none
master 2: held up to the limit yes, sorted set on the owner yes, extend yes, waiter woken yes, exit 0, release yes, count 0 yes, queue key seen yes, keys outside the slot: none
hash tag: held up to the limit yes, sorted set on the owner yes, extend yes, waiter woken yes, exit 0, release yes, count 0 yes, queue key seen yes, keys outside the slot: none
