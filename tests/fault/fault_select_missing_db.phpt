--TEST--
RedisLock/RedisQueue: a database the server does not have throws RedisLockServerException naming SELECT, and writes nothing
--DESCRIPTION--
RedisLock/RedisQueue: database 99999 (which the server does not have) throws
RedisLockServerException naming SELECT and host:port on every call, leaves no
connection open, and writes nothing to database 0
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
$raw = new RawRedis();
$name = rl_name();
$clients = rl_connected_clients();
$lock = new RedisLock("redis://$host:$port/99999");
$queue = new RedisQueue(rl_options(['database' => 99999]));
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
/* The failed handshakes were closed, not kept half set up (give the server a moment to see the closes). */
usleep(100000);
var_dump(rl_connected_clients() - $clients);
var_dump($raw->call('EXISTS', "Lock:$name", "Queue:$name"));
?>
--EXPECT--
lock: RedisLockServerException: SELECT, host:port
lock again: RedisLockServerException: SELECT, host:port
enqueue: RedisLockServerException: SELECT, host:port
size: RedisLockServerException: SELECT, host:port
int(0)
int(0)
