--TEST--
RedisLock: a waiter killed while it waits keeps its place in the queue for at most 2.5 s, then the next taker gets the free lock
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));

/* Another process waits for the lock (up to 20 s) and is killed meanwhile. */
$file = rl_php_file('
    $lock = new RedisLock(rl_dsn());
    echo "waiting\n";
    var_dump($lock->lock(' . var_export($name, true) . ', 20));
');
$proc = proc_open(rl_php_command($file), [1 => ['pipe', 'w']], $pipes);
stream_set_timeout($pipes[1], 5);
echo fgets($pipes[1]);
usleep(300000);
exec('kill -9 ' . (int) proc_get_status($proc)['pid']);
proc_close($proc);

var_dump($holder->unlock($name));
$other = new RedisLock(rl_dsn());
$start = microtime(true);
$taken = $other->lock($name, 30);
$elapsed = microtime(true) - $start;
/* Were the dead waiter's place kept, the 30 s wait would end without the lock: the
 * bound is half of it, far from the 2.5 s a healthy run takes. */
var_dump($taken, $elapsed < 15 ? 'within the alive mark' : sprintf('after %.1f s', $elapsed));
var_dump($other->unlock($name));
?>
--EXPECT--
bool(true)
waiting
bool(true)
bool(true)
string(21) "within the alive mark"
bool(true)
