--TEST--
RedisLock/RedisQueue: a database the server does not have throws RedisLockServerException naming SELECT, and writes nothing
--DESCRIPTION--
RedisLock/RedisQueue: database 99999 (which the server does not have) throws
RedisLockServerException naming SELECT and host:port on every call, leaves no
connection open, and writes nothing to database 0
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
/* Connections are counted on a server of this test's own, which no other test uses. */
$server = new FaultServer();
$host = '127.0.0.1';
$port = $server->port;
$raw = $server->raw();
$connected = function () use ($raw): int {
    preg_match('/connected_clients:(\d+)/', $raw->call('INFO', 'clients'), $m);
    return (int) $m[1] - 1;
};
$name = rl_name();
$clients = $connected();
$lock = new RedisLock("redis://$host:$port/99999");
$queue = new RedisQueue($server->options(['database' => 99999]));
$calls = [
    'lock' => fn () => $lock->lock($name),
    'lock again' => fn () => $lock->lock($name),
    'enqueue' => fn () => $queue->enqueue($name, 'task'),
    'size' => fn () => $queue->size($name),
];
foreach ($calls as $what => $call) {
    [$e, $result] = fault_timed($call);
    if (!$e) {
        echo "$what: no exception, returned ", var_export($result, true), "\n";
        continue;
    }
    $msg = $e->getMessage();
    echo "$what: ", get_class($e), ': ',
        str_contains($msg, 'SELECT') ? 'SELECT' : "no SELECT in: $msg", ', ',
        str_contains($msg, "$host:$port") ? 'host:port' : 'no host:port', "\n";
}
/* The failed handshakes were closed, not kept half set up: the server sees the
 * closes (waited for, up to a deadline no healthy run comes near). */
l4_until(fn () => $connected() === $clients, 10.0);
var_dump($connected() - $clients);
var_dump($raw->call('EXISTS', "Lock:$name", "Queue:$name"));
?>
--EXPECT--
lock: RedisLockServerException: SELECT, host:port
lock again: RedisLockServerException: SELECT, host:port
enqueue: RedisLockServerException: SELECT, host:port
size: RedisLockServerException: SELECT, host:port
int(0)
int(0)
