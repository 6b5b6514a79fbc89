--TEST--
Redlock: only RedisLock supports it; new RedisQueue(['redlock' => ...]) throws ValueError mentioning "redlock"
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
foreach ([topo_redlock_options(), topo_redlock_options(null, ['read_timeout' => 1.0])] as $options) {
    try {
        new RedisQueue($options);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo 'ValueError mentioning "redlock": ', topo_yes(str_contains($e->getMessage(), 'redlock'), $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
ValueError mentioning "redlock": yes
ValueError mentioning "redlock": yes
