--TEST--
RedisLock/RedisQueue: keys of a foreign type are never taken over or damaged
--DESCRIPTION--
RedisLock/RedisQueue: keys of a foreign type are never taken over or damaged: a
hash at the lock key makes lock() return false and isLocked() true; a string at
the queue key makes enqueue(), pop(), reserve() and size() throw
RedisLockServerException naming WRONGTYPE
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = rl_env('REDISLOCK_TEST_PORT');
$raw = new RawRedis();
$name = rl_name();
register_shutdown_function(fn () => (new RawRedis())->call('DEL', "Lock:$name", "Queue:$name"));

/* Someone else's hash sits where the lock would go. */
$raw->call('HSET', "Lock:$name", 'f', 'v');
$lock = new RedisLock(rl_dsn());
var_dump($lock->lock($name));
var_dump($lock->lock($name, 0.3, 5));
var_dump($lock->isLocked($name));
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
var_dump($raw->call('TYPE', "Lock:$name"), $raw->call('HGETALL', "Lock:$name"), $raw->call('TTL', "Lock:$name"));

/* Someone else's string sits where the queue would go. */
$raw->call('SET', "Queue:$name", 'not a queue');
$queue = new RedisQueue(rl_dsn());
$calls = [
    'enqueue' => fn () => $queue->enqueue($name, 'task'),
    'enqueue list' => fn () => $queue->enqueue($name, ['a', 'b'], 10, 5),
    'pop' => fn () => $queue->pop($name),
    'reserve' => fn () => $queue->reserve($name),
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
        str_contains($msg, 'WRONGTYPE') ? 'WRONGTYPE' : "no WRONGTYPE in: $msg", ', ',
        str_contains($msg, "$host:$port") ? 'host:port' : 'no host:port', "\n";
}
var_dump($raw->call('GET', "Queue:$name"));
/* The objects still work on ordinary keys. */
$other = $name . ':ok';
var_dump($lock->lock($other), $lock->unlock($other));
var_dump($queue->enqueue($other, 'x'), $queue->pop($other)['id']);
?>
--EXPECT--
bool(false)
bool(false)
bool(true)
bool(false)
bool(false)
string(4) "hash"
array(2) {
  [0]=>
  string(1) "f"
  [1]=>
  string(1) "v"
}
int(-1)
enqueue: RedisLockServerException: WRONGTYPE, host:port
enqueue list: RedisLockServerException: WRONGTYPE, host:port
pop: RedisLockServerException: WRONGTYPE, host:port
reserve: RedisLockServerException: WRONGTYPE, host:port
size: RedisLockServerException: WRONGTYPE, host:port
string(11) "not a queue"
bool(true)
bool(true)
bool(true)
string(1) "x"
