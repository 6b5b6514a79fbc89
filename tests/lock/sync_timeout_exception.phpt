--TEST--
RedisLock::synchronized(): when the lock stays busy past $timeout it throws RedisLockTimeoutException naming the lock, without calling $fn
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
$lock = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$token = $raw->call('GET', l4_key($name));
$lock->isLocked($name); // connected before timing
/* The bounds are against waiting for the holder's 30 s: half of it. */

$called = 0;
foreach ([0.2, 0] as $timeout) {
    $start = microtime(true);
    try {
        $lock->synchronized($name, function () use (&$called) { $called++; }, $timeout);
        echo "no exception\n";
    } catch (RedisLockTimeoutException $e) {
        $elapsed = microtime(true) - $start;
        var_dump($e instanceof RedisLockException);
        var_dump(str_contains($e->getMessage(), $name) ? 'names the lock' : $e->getMessage());
        if ($timeout > 0) {
            var_dump($elapsed >= 0.18 && $elapsed < 15 ? 'after about 0.2 s' : "after $elapsed s");
        } else {
            var_dump($elapsed < 15 ? 'at once' : "after $elapsed s");
        }
    }
}
var_dump($called);
/* The holder's lock is untouched, and the waiter left no trace of itself. */
var_dump($raw->call('GET', l4_key($name)) === $token);
var_dump($lock->isLocking($name));
var_dump($holder->unlock($name));
var_dump($lock->synchronized($name, fn() => 'now'));
?>
--EXPECT--
bool(true)
bool(true)
string(14) "names the lock"
string(17) "after about 0.2 s"
bool(true)
string(14) "names the lock"
string(7) "at once"
int(0)
bool(true)
bool(false)
bool(true)
string(3) "now"
