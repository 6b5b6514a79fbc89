--TEST--
Watchdog: a renewal whose connection was killed reconnects and renews again within the lease
--DESCRIPTION--
Watchdog: a renewal whose connection was killed (CLIENT KILL of every other
client every 150 ms for 1.5 s, on a server of the test's own) reconnects and
renews again within the lease: the lock (lease 0.8 s) keeps its token throughout
and is still ours
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
/* A lease of 0.8 s: a renewal due every 0.27 s may come 0.5 s late on a loaded host and still land in time. */
$lease = 0.8;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => $lease]]));
var_dump($lock->lock($name, 0, 60));
$token = $raw->call('GET', l4_key($name));
$kills = 0;
$bad = [];
$end = microtime(true) + 1.5;
while (microtime(true) < $end) {
    $kills += $raw->call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    for ($i = 0; $i < 3; $i++) {
        $left = wd_left($raw, l4_key($name), $token);
        if ($left === null || $left <= 0 || $left > $lease * 1000) {
            $bad[] = var_export($left, true);
        }
        usleep(50000);
    }
}
echo $bad ? 'not held: ' . implode(', ', $bad) . "\n" : "held at every look\n";
echo wd_ok($kills >= 5, $kills), "\n";
var_dump($lock->isLocking($name), $lock->unlock($name));
?>
--EXPECT--
bool(true)
held at every look
ok
bool(true)
bool(true)
