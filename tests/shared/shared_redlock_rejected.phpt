--TEST--
RedisLock::lockShared() on a redlock-configured RedisLock throws BadMethodCallException and sets no key on any of the servers
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_redlock_options());
$name = rl_name();
foreach ([fn () => $lock->lockShared($name), fn () => $lock->lockShared($name, 0.5, 10)] as $call) {
    try {
        var_dump($call());
    } catch (Throwable $e) {
        echo 'BadMethodCallException: ', topo_yes($e instanceof BadMethodCallException, get_class($e) . ': ' . $e->getMessage()), "\n";
    }
}
$keys = 0;
foreach (topo_redlock_servers() as $server) {
    $keys += topo_raw($server)->call('EXISTS', "Lock:$name");
}
var_dump($keys);
/* The object still works for exclusive locks. */
var_dump($lock->lock($name, 0, 5), $lock->unlock($name));
?>
--EXPECT--
BadMethodCallException: yes
BadMethodCallException: yes
int(0)
bool(true)
bool(true)
