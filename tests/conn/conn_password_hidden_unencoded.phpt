--TEST--
Connections: a password with an unencoded '?', '&' or '/' never reaches an error message, and phpinfo() shows redislock.default_connection without its password
--INI--
redislock.default_connection="redis://app:s3cret-default@127.0.0.1:6999/0?password=other-s3cret&read_timeout=2"
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
foreach (['redis://:hunter?two@127.0.0.1:6999', 'redis://app:hunter&two?x@127.0.0.1:6999', 'redis://:hun/ter@127.0.0.1:6999',
          'sentinel://:hunter?two@127.0.0.1:26999/mymaster'] as $dsn) {
    try {
        new RedisLock($dsn);
        echo "accepted\n";
    } catch (ValueError $e) {
        $m = $e->getMessage();
        echo str_contains($m, 'two') || str_contains($m, 'ter@') || str_contains($m, 'hun') ? "LEAKS: $m" : $m, "\n";
    }
}
ob_start();
phpinfo(INFO_MODULES);
$info = ob_get_clean();
preg_match('/^redislock\.default_connection => (.*)$/m', $info, $m);
echo $m[1], "\n";
var_dump(str_contains($info, 's3cret'));
?>
--EXPECT--
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: an '@' follows the host part, so the user or password holds a '/', '?' or '&' that must be percent-encoded (as %2F, %3F, %26)
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: an '@' follows the host part, so the user or password holds a '/', '?' or '&' that must be percent-encoded (as %2F, %3F, %26)
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: an '@' follows the host part, so the user or password holds a '/', '?' or '&' that must be percent-encoded (as %2F, %3F, %26)
RedisLock::__construct(): Argument #1 ($connection) has an invalid DSN: an '@' follows the host part, so the user or password holds a '/', '?' or '&' that must be percent-encoded (as %2F, %3F, %26)
redis://app:***@127.0.0.1:6999/0?password=***&read_timeout=2 => redis://app:***@127.0.0.1:6999/0?password=***&read_timeout=2
bool(false)
