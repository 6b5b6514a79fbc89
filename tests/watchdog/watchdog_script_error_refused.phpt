--TEST--
Watchdog: a renewal answered with a script error stops renewing that hold at once, without reconnecting
--DESCRIPTION--
Watchdog: a renewal the server answers with a script error (the permit's key
replaced by a string: WRONGTYPE inside the script) stops renewing that hold at
once, on the same connection: no reconnection, no further renewal, and phpinfo()
counts no hold renewed
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
/* Commands and connections are counted on a server of this test's own. */
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$lease = 0.9;
$monitor = $server->monitor();
$connections = fn () => (int) (preg_match('/total_connections_received:(\d+)/', $raw->call('INFO', 'stats'), $m) ? $m[1] : -1);
$sem = new RedisSemaphore($server->options(['watchdog' => ['lease' => $lease, 'max_hold' => 300.0]]));
$token = $sem->acquire($name, 1);
/* The scripts the watchdog's thread sent: from a connection other than the
 * acquisition's (the first script seen). */
$seen = '';
$renewals = function () use ($monitor, &$seen): int {
    $seen .= rl_monitor_read($monitor, 0.01);
    preg_match_all('/^\+[\d.]+ \[\d+ ([^\]]+)\] "(?:EVALSHA|EVAL)"/m', $seen, $m);
    return count(array_filter($m[1], fn ($addr) => $addr !== $m[1][0]));
};
/* Until one renewal is done: the thread's connection is open. */
l4_until(fn () => $renewals() >= 1, 30.0);
echo wd_info()['holds'], "\n";
$before = $connections();
$done = $renewals();
$raw->call('SET', 'Semaphore:' . $name, 'not a sorted set');
/* Until the next renewal (the one answered with the error), then more than two
 * renewal periods (0.7 s): no renewal follows it. */
l4_until(fn () => $renewals() > $done, 30.0);
usleep(700000);
$after = $renewals() - $done;
echo wd_ok($after === 1, $after), "\n";
echo wd_ok($connections() - $before === 0, $connections() - $before), "\n";
l4_until(fn () => wd_info()['holds'] === '0', 30.0);
echo wd_info()['holds'], "\n";
$raw->call('DEL', 'Semaphore:' . $name);
var_dump($sem->release($name, $token));
?>
--EXPECT--
1
ok
ok
0
bool(false)
