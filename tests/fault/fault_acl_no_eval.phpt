--TEST--
RedisLock/RedisQueue: a user without EVAL permission gets RedisLockServerException naming NOPERM from every call that runs a script
--DESCRIPTION--
RedisLock/RedisQueue: an ACL user without EVAL/EVALSHA permission gets
RedisLockServerException naming NOPERM and host:port from every call that runs a
script (the connection stays in step: a plain SET NX acquisition still answers,
and its lock keeps its lifetime), never a crash or a false "busy"
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$port = (int) rl_env('REDISLOCK_TEST_AUTH_PORT');
$admin = new RawRedis($port, 'secret');
$user = 'noeval' . getmypid();
register_shutdown_function(function () use ($port, $user) {
    (new RawRedis($port, 'secret'))->call('ACL', 'DELUSER', $user);
});
var_dump($admin->call('ACL', 'SETUSER', $user, 'reset', 'on', '>pw-' . $user, '~*', '&*', '+@all', '-eval', '-evalsha'));

$connection = ['host' => $host, 'port' => $port, 'user' => $user, 'password' => 'pw-' . $user];
$lock = new RedisLock($connection);
$queue = new RedisQueue($connection);
$name = rl_name();
$calls = [
    'lock' => fn () => $lock->lock($name),
    'lock again' => fn () => $lock->lock($name),
    'unlock' => fn () => $lock->unlock($name),
    'isLocked' => fn () => $lock->isLocked($name),
    'enqueue' => fn () => $queue->enqueue($name, 'task'),
    'pop' => fn () => $queue->pop($name),
];
foreach ($calls as $what => $call) {
    [$e, $result] = fault_timed($call);
    if (!$e) {
        echo "$what: no exception, returned ", var_export($result, true), "\n";
        continue;
    }
    $msg = $e->getMessage();
    echo "$what: ", get_class($e), ': ',
        (str_contains($msg, 'NOPERM') || str_contains($msg, 'no permissions')) ? 'NOPERM' : "unexpected message: $msg", ', ',
        str_contains($msg, "$host:$port") ? 'host:port' : 'no host:port', ', ',
        str_contains($msg, 'pw-' . $user) ? 'PASSWORD LEAKED' : 'password hidden', "\n";
}
/* The failed calls left the connection in step: a plain SET NX answers correctly
 * (on another object: this one retries its failed release before every call). */
$fresh = new RedisLock($connection);
var_dump($fresh->lock("$name:other", 0, 5));
/* The one lock taken without a script has its lifetime; nothing else was written. */
$pttl = $admin->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 15000);
var_dump($admin->call('EXISTS', "Queue:$name"));
$admin->call('DEL', "Lock:$name", "Lock:$name:other");
var_dump($admin->call('ACL', 'DELUSER', $user));
?>
--EXPECT--
string(2) "OK"
lock: no exception, returned true
lock again: RedisLockServerException: NOPERM, host:port, password hidden
unlock: RedisLockServerException: NOPERM, host:port, password hidden
isLocked: RedisLockServerException: NOPERM, host:port, password hidden
enqueue: RedisLockServerException: NOPERM, host:port, password hidden
pop: RedisLockServerException: NOPERM, host:port, password hidden
bool(true)
bool(true)
int(0)
int(1)
