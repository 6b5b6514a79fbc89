--TEST--
RedisLock: a server SIGKILLed mid-loop makes the next call throw RedisLockConnectionException, and the object reconnects once it is back
--DESCRIPTION--
RedisLock: when the server is SIGKILLed mid-loop, the next call throws
RedisLockConnectionException naming host:port within the timeouts (never hangs);
once the server is back on the same port, the same object reconnects by itself
and works
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer();
$endpoint = "127.0.0.1:{$server->port}";
$lock = new RedisLock($server->options(['connect_timeout' => 0.5, 'read_timeout' => 0.5]));
$name = rl_name();

/* Warm up: the object is connected and the loop works. */
for ($i = 0; $i < 20; $i++) {
    if (!$lock->lock($name) || !$lock->unlock($name)) {
        echo "warm-up iteration $i failed\n";
    }
}

/* A separate process SIGKILLs the server while this one keeps locking and unlocking. */
$killer = proc_open(['sh', '-c', 'sleep 0.3; kill -9 ' . $server->pid()], [], $pipes);
$failure = null;
$slowest = 0.0;
$calls = 0;
$deadline = microtime(true) + 30;
while ($failure === null && microtime(true) < $deadline) {
    foreach (['lock', 'unlock'] as $method) {
        [$e, , $took] = fault_timed(fn () => $lock->$method($name));
        $calls++;
        $slowest = max($slowest, $took);
        if ($e) {
            $failure = $e;
            break;
        }
    }
}
proc_close($killer);
$server->kill(); /* reaps it (it is already dead) */
echo $failure ? get_class($failure) : 'no failure within 30 s', "\n";
var_dump($failure && str_contains($failure->getMessage(), $endpoint));
var_dump($calls > 2);
/* Within the timeouts (0.5 s each), never a hang: 10 s tells a hang from a
 * loaded host's delay. */
var_dump($slowest < 10.0);

/* While it is down, each call fails quickly too (connection refused). */
[$e, , $took] = fault_timed(fn () => $lock->lock($name . ':down'));
echo $e ? get_class($e) : 'no exception', "\n";
var_dump($e && str_contains($e->getMessage(), $endpoint));
var_dump($took < 10.0);

/* Back on the same port: the same object reconnects without help. */
$server->start();
$raw = $server->raw();
$again = $name . ':again';
var_dump($lock->lock($again));
var_dump($raw->call('EXISTS', "Lock:$again"));
var_dump($lock->isLocking($again));
var_dump($lock->unlock($again));
var_dump($raw->call('EXISTS', "Lock:$again"));
?>
--EXPECT--
RedisLockConnectionException
bool(true)
bool(true)
bool(true)
RedisLockConnectionException
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
bool(true)
int(0)
