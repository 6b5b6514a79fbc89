--TEST--
RedisLock: an ACL user and password (redis://alice:wonderland@host:port or options "user" and "password") authenticate as that user
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$raw = new RawRedis($port, 'secret');
foreach (["redis://alice:wonderland@$host:$port", "redis://$host:$port?user=alice&password=wonderland",
          ['host' => $host, 'port' => $port, 'user' => 'alice', 'password' => 'wonderland']] as $connection) {
    $name = rl_name();
    $lock = new RedisLock($connection);
    var_dump($lock->lock($name));
    var_dump($raw->call('EXISTS', "Lock:$name"));
    /* The server sees a connection of alice's (this test's own client is "default"). */
    $users = [];
    foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
        if (preg_match('/ user=(\S+)/', $line, $m) && $m[1] !== 'default') {
            $users[] = $m[1];
        }
    }
    echo implode(',', array_unique($users)), "\n";
    var_dump($lock->unlock($name));
    unset($lock);
}
?>
--EXPECT--
bool(true)
int(1)
alice
bool(true)
bool(true)
int(1)
alice
bool(true)
bool(true)
int(1)
alice
bool(true)
