--TEST--
Watchdog: a lock left at the end of a script with auto_release => false lapses within the lease, not after $expire
--DESCRIPTION--
Watchdog: at the end of a script, an object with auto_release releases its lock
at once; one with auto_release => false leaves its lock, which lapses within the
lease (1.5 s: its last renewal left it at least 1 s, so it is still there when
the test looks on a loaded machine) instead of after $expire (60 s): nobody renews it
after the script ended, so it is gone once that time has run out
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$a = rl_name();
$b = rl_name();
$r = rl_run_php('require_once ' . var_export(__DIR__ . '/../harness/watchdog_test.inc', true) . ';
$keep = new RedisLock(wd_options(1.5));
$drop = new RedisLock(wd_options(1.5, ["auto_release" => false]));
var_dump($keep->lock(' . var_export($a, true) . ', 0, 60), $drop->lock(' . var_export($b, true) . ', 0, 60));
usleep(1500000);
');
echo $r['status'], ' ', trim($r['stdout']), $r['stderr'], "\n";
var_dump($raw->call('EXISTS', l4_key($a)));
$pttl = $raw->call('PTTL', l4_key($b));
echo wd_ok($pttl > 0 && $pttl <= 1500, $pttl), "\n";
/* Gone by itself within what was left (at most a lease), not after $expire (60 s). */
$gone = wd_until_gone($raw, l4_key($b), (string) $raw->call('GET', l4_key($b)), 30);
echo wd_ok($gone !== null, [$gone, $pttl]), "\n";
?>
--EXPECT--
0 bool(true)
bool(true)
int(0)
ok
ok
