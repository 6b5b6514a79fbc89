--TEST--
RedisLock::lock(): re-locking a name whose lock expired returns false while another holder has it, and takes it anew once it is free
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$raw = new RawRedis();
$name = rl_name();
$a = new RedisLock(rl_dsn());
$b = new RedisLock(rl_dsn());
var_dump($a->lock($name, 0, 0.2));
$token_a = $raw->call('GET', "Lock:$name");
usleep(350000);
var_dump($b->lock($name, 0, 10));
$token_b = $raw->call('GET', "Lock:$name");
var_dump($a->lock($name));
var_dump($a->lock($name, 0.2, 15, 20000));
var_dump($raw->call('GET', "Lock:$name") === $token_b);
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 9000 && $pttl <= 10000);
var_dump($b->unlock($name));

/* Expired and free: taken again, with a new token. */
var_dump($a->lock($name, 0, 0.2));
usleep(350000);
var_dump($raw->call('EXISTS', "Lock:$name"));
var_dump($a->lock($name, 0, 5));
$token = $raw->call('GET', "Lock:$name");
var_dump($token !== null && $token !== $token_a);
var_dump($a->isLocking($name));
var_dump($a->unlock($name));
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
bool(true)
