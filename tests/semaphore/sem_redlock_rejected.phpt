--TEST--
RedisSemaphore: the redlock option is rejected with a ValueError on argument 1 mentioning "redlock", like RedisQueue
--FILE--
<?php
require __DIR__ . '/../harness/topology_test.inc';
foreach ([topo_redlock_options(), topo_redlock_options(null, ['read_timeout' => 1.0])] as $options) {
    try {
        new RedisSemaphore($options);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo 'ValueError on argument 1 mentioning "redlock": ',
            topo_yes(str_contains($e->getMessage(), 'redlock') && str_contains($e->getMessage(), 'Argument #1'), $e->getMessage()), "\n";
    }
}
?>
--EXPECT--
ValueError on argument 1 mentioning "redlock": yes
ValueError on argument 1 mentioning "redlock": yes
