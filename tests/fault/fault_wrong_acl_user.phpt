--TEST--
RedisLock/RedisQueue: an ACL user with a wrong password throws RedisLockServerException naming AUTH, host:port and WRONGPASS, and never shows the password, in the message or the trace
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_AUTH_PORT');
$password = 'n0t-Wonderland-Q7';
$connections = [
    "redis://alice:$password@$host:$port",
    ['host' => $host, 'port' => (int) $port, 'user' => 'alice', 'password' => $password],
];
foreach ($connections as $connection) {
    foreach ([fn () => (new RedisLock($connection))->lock(rl_name()),
              fn () => (new RedisQueue($connection))->enqueue(rl_name(), 'task')] as $call) {
        [$e, $result] = fault_timed($call);
        if (!$e) {
            echo "no exception, returned ", var_export($result, true), "\n";
            continue;
        }
        $text = $e->getMessage() . "\n" . $e->getTraceAsString() . "\n" . $e;
        echo get_class($e), ': ',
            str_contains($e->getMessage(), 'WRONGPASS') ? 'WRONGPASS' : 'no WRONGPASS', ', ',
            str_contains($e->getMessage(), 'AUTH') ? 'AUTH' : 'no AUTH', ', ',
            str_contains($e->getMessage(), "$host:$port") ? 'host:port' : 'no host:port', ', ',
            str_contains($text, $password) ? 'PASSWORD LEAKED' : 'password hidden', "\n";
    }
}
/* The right password still works for alice (nothing got disabled). */
$lock = new RedisLock("redis://alice:wonderland@$host:$port");
$name = rl_name();
var_dump($lock->lock($name), $lock->unlock($name));
?>
--EXPECT--
RedisLockServerException: WRONGPASS, AUTH, host:port, password hidden
RedisLockServerException: WRONGPASS, AUTH, host:port, password hidden
RedisLockServerException: WRONGPASS, AUTH, host:port, password hidden
RedisLockServerException: WRONGPASS, AUTH, host:port, password hidden
bool(true)
bool(true)
