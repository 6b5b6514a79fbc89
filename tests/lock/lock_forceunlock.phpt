--TEST--
RedisLock::forceUnlock(): removes the lock whoever holds it and wakes the next waiter at once; the old holder's unlock() then returns false; false when there was no lock
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$holder = new RedisLock(rl_dsn());
var_dump($holder->lock($name, 0, 60));
$pid = pcntl_fork();
if ($pid === 0) {
    /* A waiter; it reports how long it waited. */
    $t = microtime(true);
    $got = (new RedisLock(rl_dsn()))->lock($name, 30, 5);
    $raw = new RawRedis();
    $raw->call('SET', "$name:waited", json_encode([$got, microtime(true) - $t]));
    exit(0);
}
for ($i = 0; $i < 3000 && $raw->call('EXISTS', "{Lock:$name}:queue") === 0; $i++) {
    usleep(10000);
}
$operator = new RedisLock(rl_dsn());
$t = microtime(true);
var_dump($operator->forceUnlock($name));
pcntl_waitpid($pid, $status);
[$got, $waited] = json_decode($raw->call('GET', "$name:waited"));
var_dump($got);
/* Not waiting out its 30 s nor the holder's 60 s: half the first. */
echo microtime(true) - $t < 15 ? "the waiter got it at once\n" : "the waiter waited\n";
var_dump($holder->isLocking($name), $holder->unlock($name));
$raw->call('DEL', "Lock:$name", "$name:waited");
var_dump($operator->forceUnlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
the waiter got it at once
bool(false)
bool(false)
bool(false)
