--TEST--
Watchdog: while one server stalls, the holds of the same process on another server are still renewed in time
--DESCRIPTION--
Watchdog: while one server serves nobody (CLIENT PAUSE 2500 ALL on a server of
the test's own, read_timeout 1 s), the holds of the same process on another
server are still renewed in time: three locks of 0.3 s leases there stay held
the whole 2 s, never below 0 ms left
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$stalled = new FaultServer();
$stalled_raw = $stalled->raw();
$raw = new RawRedis();
$name = rl_name();
$lease = 0.3;

/* One hold on the server about to stall, with a read timeout longer than the lease:
 * its renewals hang there for a whole second each. */
$slow = new RedisLock($stalled->options(['watchdog' => ['lease' => $lease], 'read_timeout' => 1.0]));
var_dump($slow->lock("$name:slow", 0, 60));

/* Three holds on the main server, by objects of their own. */
$locks = [];
foreach ([1, 2, 3] as $i) {
    $locks[$i] = new RedisLock(wd_options($lease));
    var_dump($locks[$i]->lock("$name:$i", 0, 60));
}
$tokens = [];
foreach ($locks as $i => $lock) {
    $tokens[$i] = $raw->call('GET', "Lock:$name:$i");
}
usleep(300000);

var_dump($stalled_raw->call('CLIENT', 'PAUSE', '2500', 'ALL'));
/* Look every 20 ms for 2 s: each main-server hold must still be there, renewed. */
$lowest = PHP_INT_MAX;
$gone = 0;
$deadline = microtime(true) + 2.0;
while (microtime(true) < $deadline) {
    foreach ($tokens as $i => $token) {
        $left = wd_left($raw, "Lock:$name:$i", $token);
        if ($left === null) {
            $gone++;
        } else {
            $lowest = min($lowest, $left);
        }
    }
    usleep(20000);
}
echo "main-server holds found gone: $gone\n";
echo 'least time left seen: ', $lowest > 0 ? 'above 0 ms' : "$lowest ms", "\n";
foreach ($locks as $i => $lock) {
    var_dump($lock->isLocking("$name:$i"), $lock->unlock("$name:$i"));
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
string(2) "OK"
main-server holds found gone: 0
least time left seen: above 0 ms
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
