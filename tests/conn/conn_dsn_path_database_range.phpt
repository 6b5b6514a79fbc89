--TEST--
Connections: the database in a DSN's path has the same range check as "?db=" and the array's "database"
--DESCRIPTION--
Connections: the database in a DSN's path has the range check of "?db=" and the
array's "database": /2147483648 is the same ValueError at construction as
?db=2147483648, and /2147483647 is accepted as ?db=2147483647 is
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT');
foreach (["redis://$host/2147483648", "redis://$host?db=2147483648", "redis://$host/99999999999999999", "redis://$host/x1",
          "redis://$host/2147483647", "redis://$host?db=2147483647"] as $dsn) {
    try {
        $lock = new RedisLock($dsn);
        ob_start();
        var_dump($lock);
        preg_match('/\["database"\]=>\s+int\((\d+)\)/', ob_get_clean(), $m);
        echo "accepted: database $m[1]\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: database must be an integer between 0 and 2147483647
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: database must be an integer between 0 and 2147483647
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: database must be an integer between 0 and 2147483647
ValueError: RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: the database after '/' must be a non-negative integer
accepted: database 2147483647
accepted: database 2147483647
