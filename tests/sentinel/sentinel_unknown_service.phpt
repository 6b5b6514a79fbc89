--TEST--
Sentinel: a service no sentinel knows raises RedisLockConnectionException naming the service and the sentinels asked, for RedisLock and RedisQueue
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$service = 'no-such-service-' . getmypid();
$sentinels = topo_sentinels();
foreach (['RedisLock' => fn ($o) => $o->lock('x'), 'RedisQueue' => fn ($o) => $o->enqueue('x', 'y')] as $class => $call) {
    [$e, , $took] = topo_timed(fn () => $call(new $class(topo_sentinel_options(['connect_timeout' => 1.0], $sentinels, $service))));
    echo $class, ': ', $e ? get_class($e) : 'no exception', "\n";
    $message = $e ? $e->getMessage() : '';
    echo '  names the service: ', topo_yes(str_contains($message, $service), $message), "\n";
    $named = array_filter($sentinels, fn ($s) => str_contains($message, $s));
    echo '  names the sentinels: ', topo_yes(count($named) === count($sentinels), $message), "\n";
    echo '  in time: ', topo_yes($took < 15, $took), "\n";
}
/* The same through a DSN. */
[$e] = topo_timed(fn () => (new RedisLock(topo_sentinel_dsn('', $sentinels, $service)))->lock('x'));
echo 'DSN: ', $e ? get_class($e) : 'no exception', ', names the service: ', topo_yes($e && str_contains($e->getMessage(), $service)), "\n";
?>
--EXPECT--
RedisLock: RedisLockConnectionException
  names the service: yes
  names the sentinels: yes
  in time: yes
RedisQueue: RedisLockConnectionException
  names the service: yes
  names the sentinels: yes
  in time: yes
DSN: RedisLockConnectionException, names the service: yes
