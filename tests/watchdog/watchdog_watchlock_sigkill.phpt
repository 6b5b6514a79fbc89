--TEST--
Watchdog: a process SIGKILLed while holding a lock given to watchLock() renews no more, and a waiter gets it within the lease
--DESCRIPTION--
Watchdog: a process SIGKILLed while it holds a lock it gave to watchLock()
(lease 0.3 s, $maxHold 60 s, taken for 60 s) renews no more: a waiter gets the
lock within the lease plus a margin (0.3 + 0.4 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
[$proc, $in, $out, $pid] = wd_spawn('
$lock = new RedisLock(wd_options(' . $lease . '));
$token = $lock->addLock(' . var_export($name, true) . ', 60, fenced: false);
echo $token !== false && $lock->watchLock(' . var_export($name, true) . ', $token, 60) ? "held\n" : "busy\n";
sleep(30);
');
echo l4_read_line($out, 10), "\n";
$token = (string) $raw->call('GET', l4_key($name));
[$bad] = wd_watch($raw, l4_key($name), $token, $lease, 0.8);
echo $bad ? implode("\n", $bad) . "\n" : "renewed while the holder lives\n";
$waiter = new RedisLock(rl_options());
l4_signal($pid, 'KILL');
$killed = microtime(true);
var_dump($waiter->lock($name, 5, 30));
$after = microtime(true) - $killed;
echo wd_ok($after <= $lease + 0.4, $after), "\n";
echo wd_reap($proc), "\n";
var_dump($waiter->unlock($name));
?>
--EXPECT--
held
renewed while the holder lives
bool(true)
ok
-1
bool(true)
