--TEST--
Persistent connections: a connection left waiting for a reply by a read timeout is discarded, and the next user gets correct replies
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$settings = rl_options(['persistent' => true, 'read_timeout' => 0.3]);
$first = new RedisLock($settings);
var_dump($first->lock($name . ':warm'), $first->unlock($name . ':warm'));

$stall = rl_stall_server(0.8);
usleep(50000);
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
$raw = new RawRedis();
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
