--TEST--
Watchdog: the holds given to watchLock() that someone else removed (forceUnlock()) are dropped from the object's watches at its next watchLock(): a long-lived object does not collect them
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$lock = new RedisLock(wd_options(0.3));
$other = new RedisLock(rl_options());
$names = [rl_name(), rl_name(), rl_name()];
foreach ($names as $name) {
    $lock->watchLock($name, $lock->addLock($name, 5, fenced: false), 60);
}
echo 'watched: ', var_export(wd_watched($lock), true), "\n";
$other->forceUnlock($names[0]);
$other->forceUnlock($names[1]);
usleep(300000);   // a renewal of each finds it gone
$last = rl_name();
var_dump($lock->addLock($last, 5, fenced: false, watch: true) !== false);
echo 'watched: ', var_export(wd_watched($lock), true), "\n";

function wd_watched(RedisLock $lock): int
{
    preg_match('/\[watched\] => (\d+)/', print_r($lock, true), $m);
    return (int) ($m[1] ?? -1);
}
?>
--EXPECT--
watched: 3
bool(true)
watched: 2
