--TEST--
RedisLock::fencingToken(): a lost reply to the first call counts the lock as lost, and the object's next call deletes it
--DESCRIPTION--
RedisLock::fencingToken(): when the reply to the first fencingToken() of a
lock() lock is lost (read timeout) after the server drew the number, the lock
counts as lost, like an acquisition whose reply was lost: isLocking() is false,
fencingToken() null, and the object's next call deletes it, so it is never left
held for its whole lifetime
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../harness/fault_test.inc';
/* A server of the test's own: it is stalled, and tests running beside this one must not be. */
$server = new FaultServer(['--enable-debug-command', 'local']);
$raw = $server->raw();
$name = rl_name();
$key = "Lock:$name";
$lock = new RedisLock($server->options(['read_timeout' => 0.2]));
/* The fencing script is loaded, so the next call is one EVALSHA. */
var_dump($lock->lock("$name:warmup"), is_int($lock->fencingToken("$name:warmup")), $lock->unlock("$name:warmup"));
var_dump($lock->lock($name, 0, 30));

/* The server is busy for 2 s (ten times the read timeout): the fencing script waits in its socket buffer,
 * our read times out, and the server runs it once the stall is over. */
$stall = $server->stall(2.0);
try {
    var_dump($lock->fencingToken($name));
} catch (RedisLockTimeoutException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
$value = $raw->call('GET', $key);
echo 'the server drew a number: ', preg_match('/^[0-9]+:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', (string) $value) === 1 ? 'yes' : "no ($value)", "\n";

var_dump($lock->isLocking($name));
var_dump($lock->fencingToken($name));
var_dump($lock->unlock($name));
/* The next call that reaches Redis cleans the orphan first. */
var_dump($lock->isLocked($name));
var_dump($raw->call('EXISTS', $key));
$raw->call('DEL', $key);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
RedisLockTimeoutException
the server drew a number: yes
bool(false)
NULL
bool(false)
bool(false)
int(0)
