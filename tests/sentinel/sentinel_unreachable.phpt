--TEST--
Sentinel: when no sentinel can be reached, the first call raises RedisLockConnectionException naming the service and each sentinel tried, within the connect timeouts
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$sentinels = ['127.0.0.1:' . rl_dead_port(), '127.0.0.1:' . rl_dead_port(), '127.0.0.1:' . rl_dead_port()];
$service = topo_sentinel_service();
$lock = new RedisLock(topo_sentinel_options(['connect_timeout' => 0.5, 'read_timeout' => 0.5], $sentinels));
echo "constructed\n";
[$e, , $took] = topo_timed(fn () => $lock->lock(rl_name()));
echo $e ? get_class($e) : 'no exception', "\n";
$message = $e ? $e->getMessage() : '';
echo 'names the service: ', topo_yes(str_contains($message, $service), $message), "\n";
echo 'names every sentinel: ', topo_yes(count(array_filter($sentinels, fn ($s) => str_contains($message, $s))) === 3, $message), "\n";
echo 'within the timeouts (no hang): ', topo_yes($took < 10, $took), "\n";
echo 'is a RedisLockException: ', topo_yes($e instanceof RedisLockException), "\n";

/* The next call tries again (and fails the same way): nothing was cached. */
[$e2] = topo_timed(fn () => $lock->unlockAll() && $lock->lock(rl_name()));
echo $e2 ? get_class($e2) : 'no exception', "\n";

$queue = new RedisQueue(topo_sentinel_dsn('connect_timeout=0.5', $sentinels));
[$e3, , $took3] = topo_timed(fn () => $queue->pop('x'));
echo 'RedisQueue: ', $e3 ? get_class($e3) : 'no exception', ', in time: ', topo_yes($took3 < 10, $took3), "\n";
?>
--EXPECT--
constructed
RedisLockConnectionException
names the service: yes
names every sentinel: yes
within the timeouts (no hang): yes
is a RedisLockException: yes
RedisLockConnectionException
RedisQueue: RedisLockConnectionException, in time: yes
