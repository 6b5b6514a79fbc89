--TEST--
Watchdog: a token of addLock() is not renewed and lapses after the lifetime asked
--DESCRIPTION--
Watchdog: a token of addLock() (which the object does not hold) is not renewed:
it keeps the lifetime asked (0.6 s, not the lease of 0.2 s) and lapses after it,
while a lock() of the same object next to it is renewed
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$a = rl_name();
$b = rl_name();
$lock = new RedisLock(wd_options(0.2));
$token = $lock->addLock($a, 0.6);
echo wd_ok(is_string($token), $token), "\n";
var_dump($lock->lock($b, 0, 60));
echo json_encode(wd_info()), "\n";
$pttl = $raw->call('PTTL', l4_key($a));
echo wd_ok($pttl > 400 && $pttl <= 600, $pttl), "\n";
usleep(800000);
var_dump($raw->call('EXISTS', l4_key($a)));
var_dump($lock->holdsLock($a, $token));
var_dump($lock->isLocking($b), $lock->unlock($b));
?>
--EXPECT--
ok
bool(true)
{"thread":"running","holds":"1"}
ok
int(0)
bool(false)
bool(true)
bool(true)
