--TEST--
RedisLock: after the server dropped the connection, a call fails cleanly or succeeds, and the next call reconnects; the interrupted unlock is completed
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
/* Connections are listed and killed on a server of this test's own: on a shared
 * one, another test's new connection would be taken for this object's. */
$server = new FaultServer();
$raw = $server->raw();
$my_id = $raw->call('CLIENT', 'ID');
$name = rl_name();
$before = [];
foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
    preg_match('/^id=(\d+)/', $line, $m);
    $before[$m[1]] = true;
}
$lock = new RedisLock($server->options());
var_dump($lock->lock($name));
/* Find this object's connection and kill it. */
$killed = 0;
foreach (explode("\n", trim($raw->call('CLIENT', 'LIST'))) as $line) {
    preg_match('/^id=(\d+)/', $line, $m);
    if (!isset($before[$m[1]]) && $m[1] != $my_id) {
        $killed += $raw->call('CLIENT', 'KILL', 'ID', $m[1]);
    }
}
var_dump($killed);
usleep(50000);
/* The dropped connection is either noticed (RedisLockConnectionException naming
 * the server) or transparently replaced (the unlock succeeds). */
try {
    echo $lock->unlock($name) ? "released or failed cleanly\n" : "unlock returned false\n";
} catch (RedisLockConnectionException $e) {
    echo str_contains($e->getMessage(), '127.0.0.1:' . $server->port)
        ? "released or failed cleanly\n" : 'message without host:port: ' . $e->getMessage() . "\n";
}
/* Whether or not the unlock reached Redis, the next call makes sure it is gone. */
var_dump($lock->lock($name . ':next'));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->isLocking($name . ':next'));
var_dump($lock->unlock($name . ':next'));
?>
--EXPECT--
bool(true)
int(1)
released or failed cleanly
bool(true)
int(0)
bool(true)
bool(true)
