--TEST--
RedisLock::__construct(): DSNs redis://host:port, redis://host:port/db, ?db= and unix:// socket all reach the server, in the right database
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
$socket = rl_env('REDISLOCK_TEST_SOCKET');
$raw0 = new RawRedis();
$raw3 = new RawRedis();
$raw3->call('SELECT', '3');
$raw5 = new RawRedis();
$raw5->call('SELECT', '5');

$dsns = [
    "redis://$host:$port",
    "REDIS://$host:$port/",
    "redis://$host:$port/3",
    "redis://$host:$port?db=5",
    "redis://$host:$port/0?read_timeout=1.5&connect_timeout=0.5",
    "unix://$socket",
    "unix://$socket?db=3",
];
foreach ($dsns as $i => $dsn) {
    $name = rl_name();
    $lock = new RedisLock($dsn);
    $taken = $lock->lock($name);
    $where = [];
    foreach ([0 => $raw0, 3 => $raw3, 5 => $raw5] as $db => $raw) {
        if ($raw->call('EXISTS', "Lock:$name")) {
            $where[] = "db $db";
        }
    }
    echo "#$i ", json_encode($taken), ' in ', implode(', ', $where) ?: 'no database', ', unlock ', json_encode($lock->unlock($name)), "\n";
}
?>
--EXPECT--
#0 true in db 0, unlock true
#1 true in db 0, unlock true
#2 true in db 3, unlock true
#3 true in db 5, unlock true
#4 true in db 0, unlock true
#5 true in db 0, unlock true
#6 true in db 3, unlock true
