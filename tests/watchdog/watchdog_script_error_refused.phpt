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
$raw = new RawRedis();
$name = rl_name();
$lease = 0.9;
$sem = new RedisSemaphore(wd_options($lease));
$token = $sem->acquire($name, 1);
usleep(400000);   /* one renewal done: the thread's connection is open */
echo wd_info()['holds'], "\n";
$connections = fn () => (int) (preg_match('/total_connections_received:(\d+)/', $raw->call('INFO', 'stats'), $m) ? $m[1] : -1);
$before = $connections();
$monitor = rl_monitor();
$raw->call('SET', 'Semaphore:' . $name, 'not a sorted set');
usleep(700000);   /* more than two renewal periods */
$seen = rl_monitor_read($monitor);
$renewals = substr_count($seen, '"EVALSHA"') + substr_count($seen, '"EVAL"');
echo wd_ok($renewals === 1, $renewals), "\n";
echo wd_ok($connections() - $before === 1, $connections() - $before), "\n";   /* the monitor's own */
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
