--TEST--
RedisLock::fenceLock(): a lost reply throws RedisLockTimeoutException and the hold stays the caller's, fenced when asked again
--DESCRIPTION--
RedisLock::fenceLock(): when its reply is lost (read timeout) after the server
drew the number, the caller gets RedisLockTimeoutException and the hold stays
the caller's: asking again with the old token returns the fenced token, which
releases it; the object records no orphan of it and deletes nothing on its next
call
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
$t = $lock->addLock("$name:warmup", 5, fenced: false);
var_dump(is_string($lock->fenceLock("$name:warmup", $t)));
$token = $lock->addLock($name, 30, fenced: false);

/* The server is busy for 2 s (ten times the read timeout): the script waits in its socket buffer, our read
 * times out, and the server runs it once the stall is over. */
$stall = $server->stall(2.0);
try {
    var_dump($lock->fenceLock($name, $token));
} catch (RedisLockTimeoutException $e) {
    echo get_class($e), "\n";
}
rl_stall_wait($stall);
$value = (string) $raw->call('GET', $key);
echo 'the server drew a number: ', preg_match('/^[0-9]+:[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $value) === 1 ? 'yes' : "no ($value)", "\n";

/* The object's next call reaches Redis and leaves the caller's hold alone. */
var_dump($lock->isLocked($name));
var_dump($raw->call('GET', $key) === $value);
$fenced = $lock->fenceLock($name, $token);
var_dump($fenced === $value);
var_dump($lock->releaseLock($name, $fenced));
var_dump($raw->call('EXISTS', $key));
$lock->forceUnlock("$name:warmup");
?>
--EXPECT--
bool(true)
RedisLockTimeoutException
the server drew a number: yes
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
