--TEST--
Sentinel: after the master is SIGKILLed, calls succeed on the new master within 5 s of the sentinels naming it
--DESCRIPTION--
Sentinel: while one process keeps locking and using a queue, the master is
SIGKILLed; failures meanwhile are RedisLockExceptions, and within 5 s of the
sentinels naming the new master the calls succeed there, 20 rounds in a row
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$group = new SentinelGroup();
$sentinels = $group->endpoints();
$old = $group->master();
$options = $group->options(['connect_timeout' => 0.5, 'read_timeout' => 0.5]);
$lock = new RedisLock($options);
$queue = new RedisQueue($options);
$base = rl_name();

/* One round: a lock and a task, each checked on the master the sentinels name. */
$round = function (int $i, ?string $expect) use ($lock, $queue, $base): bool {
    $name = "$base:$i";
    if (!$lock->lock($name, 0, 5)) {
        throw new LogicException("lock($name) returned false");
    }
    $on = $expect !== null && topo_raw($expect)->call('EXISTS', "Lock:$name") === 1;
    if (!$lock->unlock($name)) {
        throw new LogicException("unlock($name) returned false");
    }
    $queue->enqueue($base, "t$i");
    $task = $queue->pop($base);
    if (($task['id'] ?? null) !== "t$i") {
        throw new LogicException("pop() gave " . json_encode($task));
    }
    return $on;
};

$warm = 0;
for ($i = 0; $i < 5; $i++) {
    $warm += (int) $round($i, $old);
}
echo "warm-up rounds on the first master: $warm\n";

$group->firstMaster->kill();
$killed = microtime(true);
$announced = $switched = null;
$exceptions = 0;
$others = [];
$after = 0;
for ($i = 100; microtime(true) < $killed + 30 && $after < 20; $i++) {
    if ($announced === null) {
        $now = topo_sentinel_master($sentinels, $group->service);
        if ($now !== null && $now !== $old) {
            $announced = microtime(true);
            $new = $now;
        }
    }
    try {
        $on = $round($i, $new ?? null);
        if ($switched === null && $on) {
            $switched = microtime(true);
        }
        if ($switched !== null) {
            $after++;
        }
    } catch (RedisLockException $e) {
        $exceptions++;
        if ($switched !== null) {
            $others[] = 'after the switch: ' . get_class($e) . ': ' . $e->getMessage();
            break;
        }
        usleep(20000);
    } catch (Throwable $e) {
        $others[] = get_class($e) . ': ' . $e->getMessage();
        break;
    }
}
echo 'the sentinels named a new master: ', topo_yes($announced !== null), "\n";
echo 'the calls reached it: ', topo_yes($switched !== null), "\n";
echo 'within 5 s of the announcement: ', topo_yes($switched !== null && $switched - $announced <= 5.0,
    $switched !== null ? $switched - $announced : null), "\n";
echo "exceptions during the switch: $exceptions, all RedisLockException: ", topo_yes(!$others, $others), "\n";
echo 'rounds in a row after the switch: ', $after, "\n";
?>
--EXPECTF--
warm-up rounds on the first master: 5
the sentinels named a new master: yes
the calls reached it: yes
within 5 s of the announcement: yes
exceptions during the switch: %d, all RedisLockException: yes
rounds in a row after the switch: 20
