--TEST--
RedisLock: when the reply to a lock acquisition is lost (read timeout), lock() throws, the object does not believe it holds the lock, and its next call deletes the lock the late acquisition created
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$name = rl_name();
$lock = new RedisLock($server->options(['read_timeout' => 0.2]));
var_dump($lock->lock($name . ':warmup'), $lock->unlock($name . ':warmup'));

/* The server (this test's own) is busy for 3 s: our acquisition waits in its
 * socket buffer. A timeout is thrown only if read_timeout ended the wait before
 * the server answered; it is not thrown before read_timeout has passed. */
$stall = $server->stall(3.0);
$start = microtime(true);
try {
    var_dump($lock->lock($name, 0, 30));
} catch (RedisLockTimeoutException $e) {
    $elapsed = microtime(true) - $start;
    echo get_class($e), ', ', $elapsed >= 0.19 ? 'not before read_timeout' : "after $elapsed s", "\n";
}
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));
rl_stall_wait($stall);

/* The server executed the acquisition after all: the lock exists, with nobody owning it. */
var_dump($raw->call('EXISTS', "Lock:$name"));
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 25000);

/* The next call cleans it up, then does its own work. */
var_dump($lock->lock($name . ':other'));
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($lock->lock($name));
var_dump($lock->isLocking($name));
var_dump($lock->unlockAll());
var_dump($raw->call('EXISTS', "Lock:$name", "Lock:$name:other"));
?>
--EXPECT--
bool(true)
bool(true)
RedisLockTimeoutException, not before read_timeout
bool(false)
bool(false)
int(1)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
int(0)
