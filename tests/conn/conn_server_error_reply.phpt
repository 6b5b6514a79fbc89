--TEST--
RedisLock: an error reply from Redis (OOM) makes lock() throw RedisLockServerException naming host:port and the error; held locks can still be released
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* maxmemory is set on a server of this test's own: every client of a shared one
 * would be refused its writes. */
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options());
var_dump($lock->lock("$name:held"));
$raw->call('CONFIG', 'SET', 'maxmemory', '1');
try {
    try {
        var_dump($lock->lock("$name:new"));
    } catch (RedisLockServerException $e) {
        echo get_class($e), ': ', str_replace('127.0.0.1:' . $server->port, 'HOST:PORT', $e->getMessage()), "\n";
    }
    var_dump($lock->isLocking("$name:new"));
    var_dump($raw->call('EXISTS', "Lock:$name:new"));
    var_dump($lock->unlock("$name:held"));
} finally {
    $raw->call('CONFIG', 'SET', 'maxmemory', '0');
}
var_dump($raw->call('EXISTS', "Lock:$name:held"));
/* Once Redis accepts writes again, so does the object. */
var_dump($lock->lock("$name:new"), $lock->unlock("$name:new"));
?>
--EXPECTF--
bool(true)
RedisLockServerException: %sHOST:PORT%sOOM command not allowed%s
bool(false)
int(0)
bool(true)
int(0)
bool(true)
bool(true)
