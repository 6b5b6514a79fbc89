--TEST--
Watchdog: addLock($name, 1.5, watch: true) (lease 0.9 s) takes the hold with the lease as its lifetime in one round trip and renews it until 1.5 s, not past it (the server's clock)
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
/* Commands are counted in INFO commandstats of a server of this test's own. */
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
/* 0.9 s: a renewal due every 0.3 s may come 0.6 s late on a loaded machine and still land. */
$lease = 0.9;
$lock = new RedisLock($server->options(['watchdog' => ['lease' => $lease, 'max_hold' => 300.0]]));
$lock->isLocked(rl_name());   // connected, scripts loaded
$before = $raw->call('INFO', 'commandstats');
$server_at = wd_server_ms($raw);
$at = microtime(true);
$token = $lock->addLock($name, 1.5, fenced: false, watch: true);
$after = $raw->call('INFO', 'commandstats');
$calls = fn (string $info) => array_sum(array_map('intval', preg_match_all('/^cmdstat_(?:evalsha|eval|set):calls=(\d+)/m', $info, $m) ? $m[1] : []));
var_dump(is_string($token), $calls($after) - $calls($before));
$pttl = $raw->call('PTTL', l4_key($name));
echo wd_ok($pttl > 0 && $pttl <= 900, $pttl), "\n";
/* Renewed until 1.5 s: not gone before 1.45 s on this clock. Not renewed past
 * 1.5 s: it lapses by itself, and every look finds the hold's end (the server's
 * clock plus its PTTL) at most 1.5 s after the server's clock before the call,
 * plus 450 ms (half a lease) for a renewal's way to the server (a renewal past
 * 1.5 s would end at least a lease, 900 ms, after it). */
$past = [];
$gone = null;
$deadline = microtime(true) + 30;
while (microtime(true) < $deadline) {
    $now = wd_server_ms($raw);
    $left = wd_left($raw, l4_key($name), $token);
    if ($left === null) {
        $gone = microtime(true) - $at;
        break;
    }
    if ($now + $left > $server_at + 1950) {
        $past[] = ($now + $left) - $server_at;
    }
    usleep(5000);
}
echo wd_ok($gone !== null && $gone >= 1.45 && $past === [], [$gone, $past]), "\n";
try {
    (new RedisLock(rl_options()))->addLock(rl_name(), 5, watch: true);
} catch (BadMethodCallException $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
int(1)
ok
ok
RedisLock::addLock() needs the "watchdog" option: the extension's thread renews the hold, and only an object created with that option runs one
