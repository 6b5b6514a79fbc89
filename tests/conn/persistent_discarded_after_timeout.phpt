--TEST--
Persistent connections: a connection left waiting for a reply by a read timeout is discarded, and the next user gets correct replies
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$name = rl_name();
$settings = $server->options(['persistent' => true, 'read_timeout' => 0.3]);
$first = new RedisLock($settings);
var_dump($first->lock($name . ':warm'), $first->unlock($name . ':warm'));

/* The server (this test's own) is busy for 3 s, far longer than read_timeout. */
$stall = $server->stall(3.0);
try {
    $first->lock($name);
    echo "no exception\n";
} catch (RedisLockTimeoutException $e) {
    echo "timed out\n";
}
rl_stall_wait($stall);

/* The late reply to that lock() must never be read as the answer to these calls. */
$next = new RedisLock($settings);
var_dump($next->isLocked($name . ':other'));
var_dump($next->lock($name . ':other'), $next->isLocking($name . ':other'), $next->unlock($name . ':other'));
/* The timed-out acquisition did run late; the first object cleans it up on its next call. */
$raw = $server->raw();
var_dump($first->isLocked($name . ':other'), $raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
bool(true)
timed out
bool(false)
bool(true)
bool(true)
bool(true)
bool(false)
int(0)
