--TEST--
Watchdog: a holder stopped with SIGSTOP renews no more, and another process gets the lock within the lease plus a margin
--DESCRIPTION--
Watchdog: a holder stopped with SIGSTOP (lease 0.3 s) renews no more: another
process gets the lock within the lease plus a margin; after SIGCONT the holder
learns it lost it (isLocking() false, ttl() null, unlock() false) and the
other's lock is untouched
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;
[$proc, $in, $out, $pid] = wd_spawn('
$name = ' . var_export($name, true) . ';
$lock = new RedisLock(wd_options(' . $lease . '));
echo $lock->lock($name, 0, 60) ? "held\n" : "busy\n";
fgets(STDIN);   // stopped and continued meanwhile
var_dump($lock->isLocking($name), $lock->ttl($name), $lock->unlock($name));
');
echo l4_read_line($out, 10), "\n";
usleep(600000);
$waiter = new RedisLock(rl_options());
var_dump($waiter->lock($name));   // renewed: still taken

l4_signal($pid, 'STOP');
$stopped = microtime(true);
var_dump($waiter->lock($name, 5, 30));
$after = microtime(true) - $stopped;
echo wd_ok($after <= $lease + 0.4, $after), "\n";
$mine = $raw->call('GET', l4_key($name));

l4_signal($pid, 'CONT');
usleep(300000);   // its watchdog runs again: a renewal finds the lock someone else's
fwrite($in, "go\n");
while (($line = l4_read_line($out, 10)) !== false) {
    echo $line, "\n";
}
echo wd_reap($proc), "\n";
echo wd_ok($raw->call('GET', l4_key($name)) === $mine), "\n";
var_dump($waiter->isLocking($name), $waiter->unlock($name));
?>
--EXPECT--
held
bool(false)
bool(true)
ok
bool(false)
NULL
bool(false)
0
ok
bool(true)
bool(true)
