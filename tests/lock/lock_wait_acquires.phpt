--TEST--
RedisLock::lock(): a waiting lock() gets the lock soon after another process unlocks it or it expires
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());

/* Another process holds the lock for about 0.4 s, then unlocks it. */
$pid = pcntl_fork();
if ($pid === 0) {
    $child = new RedisLock(rl_dsn());
    $child->lock($name, 0, 30);
    usleep(400000);
    $unlocking = microtime(true);
    $child->unlock($name);
    (new RawRedis())->call('SET', "$name:unlocking", sprintf('%.6f', $unlocking));
    exit(0);
}
$deadline = microtime(true) + 3;
while ($raw->call('EXISTS', "Lock:$name") === 0 && microtime(true) < $deadline) {
    usleep(5000);
}
$start = microtime(true);
var_dump($lock->lock($name, 30, 15, 20000));
$got = microtime(true);
$elapsed = $got - $start;
pcntl_waitpid($pid, $status);
/* Held after the child began its unlock (one clock), and long before the holder's
 * 30 s lifetime or the 30 s wait ran out (half of it: a loaded machine's late
 * wake-up does not cross that). */
$unlocking = (float) $raw->call('GET', "$name:unlocking");
var_dump($got >= $unlocking && $elapsed < 15 ? 'after the unlock' : "took $elapsed s, $unlocking");
$raw->call('DEL', "$name:unlocking");
var_dump(pcntl_wexitstatus($status));
var_dump($lock->isLocking($name));
var_dump($lock->unlock($name));

/* An expiring holder that never unlocks. */
$holder = new RedisLock(rl_dsn());
/* Timed from before the holder's lock: its 0.4 s end after this start. */
$start = microtime(true);
var_dump($holder->lock($name, 0, 0.4));
var_dump($lock->lock($name, 30, 15, 20000));
$elapsed = microtime(true) - $start;
var_dump($elapsed >= 0.399 && $elapsed < 15 ? 'after the expiry' : "took $elapsed s");
var_dump($holder->isLocking($name));
var_dump($lock->unlock($name));
?>
--EXPECT--
bool(true)
string(16) "after the unlock"
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
string(16) "after the expiry"
bool(false)
bool(true)
