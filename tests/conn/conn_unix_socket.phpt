--TEST--
RedisLock::__construct(): a unix socket (DSN or option "socket") connects over that socket, not TCP
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$socket = rl_env('REDISLOCK_TEST_SOCKET');
$raw = new RawRedis();
/* Ids of the clients the server sees on its unix socket. */
function unix_clients(RawRedis $raw): array
{
    $ids = [];
    foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
        if (str_contains($line, ' flags=U ') && preg_match('/^id=(\d+)/', $line, $m)) {
            $ids[] = $m[1];
        }
    }
    return $ids;
}
foreach (["unix://$socket", ['socket' => $socket], ['socket' => $socket, 'database' => 0]] as $connection) {
    $name = rl_name();
    $before = unix_clients($raw);
    $lock = new RedisLock($connection);
    var_dump($lock->lock($name));
    var_dump($raw->call('EXISTS', "Lock:$name"));
    var_dump(count(array_diff(unix_clients($raw), $before)));
    var_dump($lock->isLocking($name), $lock->unlock($name));
    unset($lock);
}
?>
--EXPECT--
bool(true)
int(1)
int(1)
bool(true)
bool(true)
bool(true)
int(1)
int(1)
bool(true)
bool(true)
bool(true)
int(1)
int(1)
bool(true)
bool(true)
