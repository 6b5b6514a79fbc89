--TEST--
Connections: a "redlock" option that refers back to the options array (or nests "redlock" in a member) is a ValueError, not an endless recursion
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$a = [];
$a['redlock'][0] = &$a;
$b = ['redlock' => [['redlock' => ['redis://127.0.0.1:1']]]];
foreach ([$a, $b] as $options) {
    try {
        new RedisLock($options);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
RedisLock::__construct(): Argument #1 ($connection) option "redlock" must list single servers or Sentinel services, not a "redlock"
RedisLock::__construct(): Argument #1 ($connection) option "redlock" must list single servers or Sentinel services, not a "redlock"
