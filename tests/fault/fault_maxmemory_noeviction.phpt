--TEST--
RedisLock/RedisQueue: on a server out of memory, lock() and enqueue() throw RedisLockServerException naming OOM, and write nothing
--DESCRIPTION--
RedisLock/RedisQueue: on a server out of memory (maxmemory, noeviction), lock()
and enqueue() throw RedisLockServerException naming OOM and host:port, and write
nothing: no lock key, the queue unchanged
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--maxmemory', '1mb', '--maxmemory-policy', 'noeviction']);
$endpoint = "127.0.0.1:{$server->port}";
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options());
$queue = new RedisQueue($server->options());

/* Room for the queue first (the limit may already be below the empty server's
 * footprint), then the limit back to 1 MB and memory filled until Redis refuses. */
$raw->call('CONFIG', 'SET', 'maxmemory', '0');
var_dump($queue->enqueue($name, 'first', 10, 60));
$before = $raw->call('ZRANGE', "Queue:$name", '0', '-1', 'WITHSCORES');
$raw->call('CONFIG', 'SET', 'maxmemory', '1mb');
$oom = null;
for ($i = 0; $i < 200 && !$oom; $i++) {
    $reply = $raw->call('SET', "fill:$i", str_repeat('x', 100000));
    if ($reply instanceof RuntimeException) {
        $oom = $reply->getMessage();
    }
}
var_dump($oom !== null && str_starts_with($oom, 'OOM'));

$calls = [
    'lock' => fn () => $lock->lock($name),
    'lock with wait' => fn () => $lock->lock($name, 0.2, 5),
    'enqueue' => fn () => $queue->enqueue($name, 'second'),
    'enqueue list' => fn () => $queue->enqueue($name, ['first', 'third'], 10, 0, true),
];
foreach ($calls as $what => $call) {
    [$e, $result, $took] = fault_timed($call);
    if (!$e) {
        echo "$what: no exception, returned ", var_export($result, true), "\n";
        continue;
    }
    $msg = $e->getMessage();
    echo "$what: ", get_class($e), ': ',
        str_contains($msg, 'OOM') ? 'OOM' : "no OOM in: $msg", ', ',
        str_contains($msg, $endpoint) ? 'host:port' : 'no host:port', "\n";
}
/* Nothing half-written. */
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($raw->call('ZRANGE', "Queue:$name", '0', '-1', 'WITHSCORES') === $before);
var_dump($lock->isLocking($name), $lock->isLocked($name));

/* Once memory is available again, the same objects work. */
$raw->call('FLUSHALL');
$raw->call('CONFIG', 'SET', 'maxmemory', '0');
var_dump($lock->lock($name), $lock->unlock($name));
var_dump($queue->enqueue($name, 'again'), $queue->pop($name)['id']);
?>
--EXPECT--
bool(true)
bool(true)
lock: RedisLockServerException: OOM, host:port
lock with wait: RedisLockServerException: OOM, host:port
enqueue: RedisLockServerException: OOM, host:port
enqueue list: RedisLockServerException: OOM, host:port
int(0)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
string(5) "again"
