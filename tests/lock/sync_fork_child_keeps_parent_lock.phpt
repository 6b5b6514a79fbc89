--TEST--
RedisLock::synchronized(): a child forked inside $fn that returns from it does not release the parent's lock; the parent still holds it and releases it when $fn returns
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn());
$seen = $lock->synchronized($name, function () use ($lock, $name, $raw) {
    $pid = pcntl_fork();
    if ($pid === 0) {
        /* The child simply leaves $fn: synchronized() returns in the child too. */
        return 'child';
    }
    pcntl_waitpid($pid, $status);
    $other = new RedisLock(rl_dsn());
    return [
        'child exit' => pcntl_wexitstatus($status),
        'key after the child left' => $raw->call('EXISTS', "Lock:$name"),
        'parent still holds it' => $lock->isLocking($name),
        'another client gets it' => $other->lock($name),
    ];
}, 0, 30);
if ($seen === 'child') {
    exit(0);
}
var_dump($seen, $raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
array(4) {
  ["child exit"]=>
  int(0)
  ["key after the child left"]=>
  int(1)
  ["parent still holds it"]=>
  bool(true)
  ["another client gets it"]=>
  bool(false)
}
int(0)
