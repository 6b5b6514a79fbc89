--TEST--
Connections: option min_replicas takes an int from 0 to 64 (array or DSN), and is refused where it cannot apply: Redlock and RedisQueue
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$cases = [
    ['min_replicas' => -1], ['min_replicas' => 65], ['min_replicas' => '1'], ['min_replicas' => 1.0],
    'redis://127.0.0.1:6999?min_replicas=x', 'redis://127.0.0.1:6999?min_replicas=1000',
    ['redlock' => ['redis://127.0.0.1:1', 'redis://127.0.0.1:2', 'redis://127.0.0.1:3'], 'min_replicas' => 1],
    ['redlock' => [['host' => '127.0.0.1', 'port' => 1, 'min_replicas' => 1]]],
    ['database' => 2147483648],
];
foreach ($cases as $case) {
    try {
        new RedisLock($case);
        echo "accepted\n";
    } catch (ValueError|TypeError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    new RedisQueue(['min_replicas' => 1]);
    echo "accepted\n";
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
echo print_r(new RedisLock('redis://127.0.0.1:6999?min_replicas=2'), true);
?>
--EXPECTF--
ValueError: RedisLock::__construct(): Argument #1 ($connection) option "min_replicas" must be between 0 and 64
ValueError: RedisLock::__construct(): Argument #1 ($connection) option "min_replicas" must be between 0 and 64
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "min_replicas" must be of type int, string given
TypeError: RedisLock::__construct(): Argument #1 ($connection) option "min_replicas" must be of type int, float given
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: min_replicas must be an integer between 0 and 64
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: min_replicas must be an integer between 0 and 64
ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use option "min_replicas" with "redlock": a Redlock lock is held by a majority of independent masters, not replicated
ValueError: RedisLock::__construct(): Argument #1 ($connection) cannot use option "min_replicas" with "redlock": a Redlock lock is held by a majority of independent masters, not replicated
ValueError: RedisLock::__construct(): Argument #1 ($connection) option "database" must be between 0 and 2147483647
RedisQueue::__construct(): Argument #1 ($connection) cannot use option "min_replicas": it applies to lock acquisitions
%A[min_replicas] => 2%A
