--TEST--
Watchdog: a permit holder killed with SIGKILL renews no more, and a waiter gets the permit within the lease plus a margin
--DESCRIPTION--
Watchdog: a semaphore permit holder killed with SIGKILL (lease 0.3 s, $expire 60
s asked) renews no more: another process waiting for the only permit gets it
within the lease plus a margin (0.3 + 0.4 s)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$lease = 0.3;
[$proc, $in, $out, $pid] = wd_spawn('
$sem = new RedisSemaphore(wd_options(' . $lease . '));
echo $sem->acquire(' . var_export($name, true) . ', 1, 0, 60) !== false ? "held\n" : "busy\n";
sleep(30);
');
echo l4_read_line($out, 10), "\n";
usleep(800000);
$waiter = new RedisSemaphore(rl_options());
var_dump($waiter->acquire($name, 1));   // renewed: still taken

l4_signal($pid, 'KILL');
$killed = microtime(true);
$token = $waiter->acquire($name, 1, 5, 30);
$after = microtime(true) - $killed;
echo wd_ok(is_string($token), $token), "\n";
echo wd_ok($after <= $lease + 0.4, $after), "\n";
echo wd_reap($proc), "\n";
var_dump($waiter->release($name, $token));
?>
--EXPECT--
held
bool(false)
ok
ok
-1
bool(true)
