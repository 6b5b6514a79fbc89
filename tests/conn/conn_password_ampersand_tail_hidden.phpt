--TEST--
Connections: a password with an unencoded '&' in a DSN's query is a ValueError that quotes no part of its tail
--DESCRIPTION--
Connections: a password with an unencoded '&' in a DSN's query
("?password=ab&SECRETTAIL", "?password=ab&SECRET=TAIL",
"?password=ab&db=SECRET") is a ValueError whose message quotes no part of the
password's tail
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST') . ':' . rl_env('REDISLOCK_TEST_PORT');
foreach (['ab&SECRETTAIL', 'ab&SECRET=TAIL', 'ab&db=SECRET', 'ab&prefix'] as $password) {
    try {
        new RedisLock("redis://$host?password=$password");
        echo "accepted\n";
    } catch (ValueError $e) {
        $tail = substr($password, 3);
        echo str_contains($e->getMessage(), $tail) ? 'LEAKS ' . $e->getMessage() : 'hidden', "\n";
    }
}
?>
--EXPECT--
hidden
hidden
hidden
hidden
