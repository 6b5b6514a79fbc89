--TEST--
Redlock: RedisLock::inspect() and names() are refused with a BadMethodCallException that says why, since a redlock's keys live on several servers
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
$lock = new RedisLock(topo_redlock_options());
foreach ([fn () => $lock->inspect('x'), fn () => $lock->names()] as $call) {
    try {
        $call();
        echo "answered\n";
    } catch (BadMethodCallException $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
RedisLock::inspect() is not available with redlock: a redlock's keys live on several servers, which may disagree; ask each server with a RedisLock of its own
RedisLock::names() is not available with redlock: a redlock's keys live on several servers, which may disagree; ask each server with a RedisLock of its own
