--TEST--
Connections: a user the ACL denies CLIENT (SETINFO among it), HELLO and COMMAND still connects and works; the denied CLIENT SETINFO is ignored, and the connection names no library
--FILE--
<?php
require __DIR__ . '/../harness/setinfo_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$raw->call('ACL', 'SETUSER', 'worker', 'on', '>pw', '~*', '&*', '+@all', '-client', '-hello', '-command');
$name = rl_name();
foreach ([false, true] as $database) {
    $options = $server->options(['user' => 'worker', 'password' => 'pw'] + ($database ? ['database' => 1] : []));
    $lock = new RedisLock($options);
    $queue = new RedisQueue($options);
    var_dump($lock->lock($name), $lock->unlock($name));
    $queue->enqueue($name, ['a']);
    var_dump($queue->pop($name)['id']);
    echo implode(',', array_unique(setinfo_libs($raw))) === '' ? "no library named\n" : json_encode(setinfo_libs($raw)) . "\n";
    unset($lock, $queue);
}
/* Without a password (no handshake round trip: the probe goes with the first
 * command), a default user the ACL denies the same. */
$raw->call('ACL', 'SETUSER', 'default', '-client', '-hello', '-command');
$lock = new RedisLock($server->options());
var_dump($lock->lock($name), $lock->unlock($name));
$raw->call('ACL', 'SETUSER', 'default', '+@all');
?>
--EXPECT--
bool(true)
bool(true)
string(1) "a"
no library named
bool(true)
bool(true)
string(1) "a"
no library named
bool(true)
bool(true)
