--TEST--
Watchdog: a holder continued after a SIGSTOP longer than the lease knows at once that it lost the lock
--DESCRIPTION--
Watchdog: a holder continued after a SIGSTOP longer than the lease knows at
once, before its watchdog renews again, that it lost the lock (isLocking()
false) even when nobody took it meanwhile, and can take it again
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$lease = 0.3;
[$proc, $in, $out, $pid] = wd_spawn('
$name = ' . var_export($name, true) . ';
$lock = new RedisLock(wd_options(' . $lease . '));
echo $lock->lock($name, 0, 60) ? "held\n" : "busy\n";
fgets(STDIN);
var_dump($lock->isLocking($name), $lock->unlock($name));
var_dump($lock->lock($name), $lock->isLocking($name), $lock->unlock($name));
');
echo l4_read_line($out, 10), "\n";
usleep(300000);
l4_signal($pid, 'STOP');
usleep(800000);
l4_signal($pid, 'CONT');
fwrite($in, "go\n");
while (($line = l4_read_line($out, 10)) !== false) {
    echo $line, "\n";
}
echo wd_reap($proc), "\n";
?>
--EXPECT--
held
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
0
