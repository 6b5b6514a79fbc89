--TEST--
Watchdog: the DSN form turns the watchdog on with its lease and max_hold
--DESCRIPTION--
Watchdog: the DSN form (?watchdog=1&watchdog_lease=1&watchdog_max_hold=20, or
watchdog_lease alone) turns it on with those values (shown by var_dump), and a
lock taken through it is renewed with that lease; watchdog => true takes lease
10 and max_hold 300
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
$lock = new RedisLock(rl_dsn() . '?watchdog=1&watchdog_lease=1&watchdog_max_hold=20');
/* What var_dump() shows of the option: "lease max_hold", or "no watchdog". */
function dump_watchdog(object $o): string
{
    ob_start();
    var_dump($o);
    $text = ob_get_clean();
    return preg_match('/\["watchdog"\]=>\s*array\(2\) \{\s*\["lease"\]=>\s*(\S+)\s*\["max_hold"\]=>\s*(\S+)/', $text, $m)
        ? "$m[1] $m[2]" : 'no watchdog';
}
$dump = 'dump_watchdog';
echo $dump($lock), "\n";
echo $dump(new RedisSemaphore(rl_dsn() . '?watchdog_lease=0.5')), "\n";
echo $dump(new RedisLock(rl_options(['watchdog' => true]))), "\n";
echo $dump(new RedisLock(rl_dsn() . '?watchdog=0')), "\n";
echo $dump(new RedisLock(rl_options(['watchdog' => false]))), "\n";

var_dump($lock->lock($name, 0, 60));
[$bad] = wd_watch($raw, l4_key($name), (string) $raw->call('GET', l4_key($name)), 1.0, 2.5);
echo $bad ? implode("\n", $bad) . "\n" : "held with 0 < PTTL <= 1 s at every look for 2.5 s\n";
var_dump($lock->unlock($name));
?>
--EXPECT--
float(1) float(20)
float(0.5) float(300)
float(10) float(300)
no watchdog
no watchdog
bool(true)
held with 0 < PTTL <= 1 s at every look for 2.5 s
bool(true)
