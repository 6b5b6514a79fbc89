--TEST--
RedisLock::__construct(): a unix socket path longer than 107 bytes is refused at construction with a ValueError
--DESCRIPTION--
RedisLock::__construct(): a unix socket path longer than the 107 bytes the
kernel takes is refused at construction with a ValueError, as a DSN and as the
option "socket"; a path of exactly 107 bytes is accepted and fails only on
connect
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
/* An absolute path of exactly $length bytes in the test's scratch directory. */
function path_of(int $length): string
{
    $dir = rl_env('REDISLOCK_TEST_TMP') . '/';
    if (strlen($dir) + 5 > $length) {
        throw new RuntimeException("the scratch directory $dir is too long for a $length-byte path");
    }
    return $dir . str_repeat('s', $length - strlen($dir) - 5) . '.sock';
}
foreach ([200, 108] as $length) {
    $path = path_of($length);
    foreach (["DSN unix://" => "unix://$path", 'option "socket"' => ['socket' => $path]] as $form => $connection) {
        try {
            new RedisLock($connection);
            echo "$length bytes, $form: accepted\n";
        } catch (ValueError $e) {
            echo "$length bytes, $form: ", get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
$path = path_of(107);
foreach (["DSN unix://" => "unix://$path", 'option "socket"' => ['socket' => $path]] as $form => $connection) {
    $lock = new RedisLock($connection);
    echo "107 bytes, $form: constructed\n";
    try {
        var_dump($lock->lock(rl_name()));
    } catch (RedisLockException $e) {
        echo "107 bytes, $form: ", get_class($e), ', ', str_contains($e->getMessage(), $path) ? 'names the socket' : 'message: ' . $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
200 bytes, DSN unix://: ValueError: RedisLock::__construct(): %sunix socket path%s107%s
200 bytes, option "socket": ValueError: RedisLock::__construct(): %sunix socket path%s107%s
108 bytes, DSN unix://: ValueError: RedisLock::__construct(): %sunix socket path%s107%s
108 bytes, option "socket": ValueError: RedisLock::__construct(): %sunix socket path%s107%s
107 bytes, DSN unix://: constructed
107 bytes, DSN unix://: RedisLockConnectionException, names the socket
107 bytes, option "socket": constructed
107 bytes, option "socket": RedisLockConnectionException, names the socket
