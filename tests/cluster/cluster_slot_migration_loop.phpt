--TEST--
Cluster: two processes locking one name while its slot migrates back and forth are never two owners at once
--DESCRIPTION--
Cluster: two processes lock and unlock one name in a loop while its slot is
migrated to another master and back 4 times; never two owners at once, no
increment lost, every failure a RedisLockException, nobody hangs
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
$seeds = topo_cluster_seeds();
$tag = topo_name_on($seeds[2], rl_name(), '');
$name = '{' . $tag . '}';
$slot = topo_key_slot($tag);
$from = topo_slot_owner($slot);
$to = topo_cluster_other($from);
register_shutdown_function(fn () => topo_cluster_restore_slot($slot, $from));

/* The checks live in other slots, which do not move. */
$counter = topo_name_on($seeds[0], rl_name(':counter'), '', [$slot]);
$marker = topo_name_on($seeds[0], rl_name(':marker'), '', [$slot]);
$raw = topo_raw_for_key($counter);
$raw->call('SET', $counter, '0');
$dir = rq_tmpdir();
$stop = "$dir/stop";

$pids = [];
for ($w = 0; $w < 2; $w++) {
    $pids[] = l4_fork(function () use ($w, $name, $counter, $marker, $stop, $dir) {
        $stats = ['acquired' => 0, 'busy' => 0, 'exceptions' => 0, 'unlock_false' => 0, 'overlaps' => 0, 'other' => []];
        $lock = new RedisLock(topo_cluster_options(['connect_timeout' => 1.0, 'read_timeout' => 2.0]));
        $raw = topo_raw_for_key($counter);
        $deadline = microtime(true) + 20;
        try {
            while (!file_exists($stop) && microtime(true) < $deadline) {
                try {
                    $got = $lock->lock($name, 1.0, 2.0);
                } catch (RedisLockException $e) {
                    $stats['exceptions']++;
                    usleep(5000);
                    continue;
                }
                if (!$got) {
                    $stats['busy']++;
                    continue;
                }
                /* Inside the lock: nobody else may be here. */
                if ($raw->call('SET', $marker, "w$w", 'NX', 'PX', '5000') !== 'OK') {
                    $stats['overlaps']++;
                }
                $value = (int) $raw->call('GET', $counter);
                usleep(200);
                $raw->call('SET', $counter, (string) ($value + 1));
                $stats['acquired']++;
                if ($raw->call('GET', $marker) === "w$w") {
                    $raw->call('DEL', $marker);
                }
                try {
                    if (!$lock->unlock($name)) {
                        $stats['unlock_false']++;
                    }
                } catch (RedisLockException $e) {
                    $stats['exceptions']++;
                }
            }
        } catch (Throwable $e) {
            $stats['other'][] = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/stats-$w", json_encode($stats));
        return $stats['other'] ? 4 : 0;
    });
}

usleep(300000);
$moves = 0;
$failed = [];
for ($round = 0; $round < 4; $round++) {
    foreach ([$to, $from] as $target) {
        try {
            topo_cluster_move_slot($slot, $target);
            $moves++;
        } catch (Throwable $e) {
            $failed[] = $e->getMessage();
        }
        usleep(150000);
    }
}
touch($stop);
$codes = l4_wait($pids, 30);
echo 'lockers: ', implode(',', $codes), "\n";
echo 'migrations: ', $moves, $failed ? ' ' . json_encode($failed) : '', "\n";

$total = ['acquired' => 0, 'busy' => 0, 'exceptions' => 0, 'unlock_false' => 0, 'overlaps' => 0, 'other' => []];
foreach ([0, 1] as $w) {
    $stats = json_decode((string) @file_get_contents("$dir/stats-$w"), true) ?: ['other' => ["no stats from locker $w"]];
    foreach ($stats as $k => $v) {
        $total[$k] = is_array($v) ? array_merge($total[$k], $v) : $total[$k] + $v;
    }
}
echo 'two owners at once: ', $total['overlaps'], "\n";
echo 'no increment lost: ', topo_yes((int) $raw->call('GET', $counter) === $total['acquired'],
    [$raw->call('GET', $counter), $total['acquired']]), "\n";
echo 'progress (at least 10 acquisitions): ', topo_yes($total['acquired'] >= 10, $total['acquired']), "\n";
echo 'unlock() found its lock gone: ', $total['unlock_false'], "\n";
echo 'failures other than RedisLockException: ', $total['other'] ? json_encode($total['other']) : 'none', "\n";
echo 'RedisLockExceptions: ', $total['exceptions'], "\n";
echo 'the slot is back on its first owner: ', topo_yes(topo_slot_owner($slot) === $from), "\n";
echo 'the lock is free: ', topo_yes(topo_raw($from)->call('EXISTS', "Lock:$name") === 0), "\n";
$raw->call('DEL', $counter);
$raw->call('DEL', $marker);
?>
--EXPECTF--
lockers: 0,0
migrations: 8
two owners at once: 0
no increment lost: yes
progress (at least 10 acquisitions): yes
unlock() found its lock gone: 0
failures other than RedisLockException: none
RedisLockExceptions: %d
the slot is back on its first owner: yes
the lock is free: yes
