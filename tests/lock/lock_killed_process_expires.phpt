--TEST--
RedisLock: the lock of a process killed with SIGKILL stays until its TTL, then anyone can take it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$file = rl_php_file('
    $lock = new RedisLock(rl_dsn());
    echo json_encode($lock->lock(' . var_export($name, true) . ', 0, 2.0)), "\n";
    sleep(20);
');
$proc = proc_open(rl_php_command($file), [1 => ['pipe', 'w']], $pipes);
stream_set_timeout($pipes[1], 5);
echo fgets($pipes[1]);
$pid = proc_get_status($proc)['pid'];
exec('kill -9 ' . (int) $pid);
proc_close($proc);
var_dump($raw->call('EXISTS', "Lock:$name"));
$other = new RedisLock(rl_dsn());
var_dump($other->lock($name));
var_dump($other->lock($name, 5, 5, 20000));
var_dump($other->unlock($name));
?>
--EXPECT--
true
int(1)
bool(false)
bool(true)
bool(true)
