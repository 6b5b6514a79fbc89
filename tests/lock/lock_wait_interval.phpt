--TEST--
RedisLock::lock(): $waitIntervalUs is accepted but waiting never polls: a waiter is woken by the unlock at once, whatever the interval, and $timeout 0 makes exactly one attempt
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$lock->lock("$name:connect");

/* Another process holds the lock for 1 s and notes when it let go. */
$pid = pcntl_fork();
if ($pid === 0) {
    $holder = new RedisLock(rl_dsn());
    $holder->lock($name, 0, 30);
    usleep(1000000);
    $holder->unlock($name);
    (new RawRedis())->call('SET', "$name:unlocked-at", sprintf('%.6f', microtime(true)));
    exit(0);
}
$deadline = microtime(true) + 3;
while ($raw->call('EXISTS', "Lock:$name") === 0 && microtime(true) < $deadline) {
    usleep(5000);
}

/* Commands a client sent naming the lock key (not those a script ran inside Redis). */
function attempts(string $seen, string $name): int
{
    $n = 0;
    foreach (explode("\r\n", $seen) as $line) {
        if (str_contains($line, "\"Lock:$name\"") && !str_contains($line, ' lua] ')) {
            $n++;
        }
    }
    return $n;
}

$monitor = rl_monitor();
var_dump($lock->lock($name, 0));
var_dump(attempts(rl_monitor_read($monitor, 0.05), $name));

/* A 1 ms interval over 0.3 s does not mean hundreds of tries. */
var_dump($lock->lock($name, 0.3, 15, 1000));
$n = attempts(rl_monitor_read($monitor, 0.05), $name);
var_dump($n >= 1 && $n <= 5 ? 'a few commands' : "$n commands");

/* A 60 s interval does not keep the waiter asleep once the lock is free. */
var_dump($lock->lock($name, 30, 15, 60000000));
$got = microtime(true);
pcntl_waitpid($pid, $status);
$late = $got - (float) $raw->call('GET', "$name:unlocked-at");
/* Were the 60 s interval kept, the 30 s wait would have ended without the lock; the
 * bound is half of it, far from both. */
var_dump($late < 15 ? 'soon after the unlock' : "$late s after the unlock");
var_dump($lock->unlock($name));
$raw->call('DEL', "$name:unlocked-at");
?>
--EXPECT--
bool(false)
int(1)
bool(false)
string(14) "a few commands"
bool(true)
string(21) "soon after the unlock"
bool(true)
