--TEST--
Redlock: fencingToken() throws BadMethodCallException (independent servers share no fencing counter), whether or not the lock is held; the lock itself is unaffected
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_redlock_options());
$name = rl_name();
foreach (['before locking' => false, 'while holding' => true] as $when => $take) {
    if ($take) {
        var_dump($lock->lock($name, 0, 10));
    }
    try {
        var_dump($lock->fencingToken($name));
    } catch (BadMethodCallException $e) {
        echo "$when: BadMethodCallException\n";
    }
}
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
before locking: BadMethodCallException
bool(true)
while holding: BadMethodCallException
bool(true)
bool(true)
