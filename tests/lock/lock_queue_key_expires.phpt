--TEST--
RedisLock: a waiter killed while queued does not leave its name's wait queue behind for ever: the queue key has a lifetime of a few seconds
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 30));
$pid = pcntl_fork();
if ($pid === 0) {
    (new RedisLock(rl_dsn()))->lock($name, 20);
    exit(0);
}
/* Wait until the child is queued, then kill it where it blocks. */
for ($i = 0; $i < 200 && $raw->call('EXISTS', "{Lock:$name}:queue") === 0; $i++) {
    usleep(10000);
}
exec('kill -9 ' . (int) $pid);
pcntl_waitpid($pid, $status);
var_dump($raw->call('EXISTS', "{Lock:$name}:queue"));
$ttl = $raw->call('PTTL', "{Lock:$name}:queue");
var_dump($ttl > 0 && $ttl <= 5000);
var_dump($holder->unlock($name));
?>
--EXPECT--
bool(true)
int(1)
bool(true)
bool(true)
