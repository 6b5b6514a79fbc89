--TEST--
Watchdog: the holds given to watchLock() that someone else removed (forceUnlock()) are dropped from the object's watches as it watches more: a long-lived object does not collect them
--DESCRIPTION--
Five rounds of 100 holds, each watched (addLock(watch: true)) and removed by
another object at once; after each round, the test waits until the watchdog
found every one of them gone (phpinfo()'s count of the holds it renews is 0).
The object's table is pruned once it has doubled since it last was (64
entries at least), so it never keeps more than about twice the holds it still
watches, and 500 gone holds leave at most 201 (not 500).
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$lock = new RedisLock(wd_options(0.3));
$other = new RedisLock(rl_options());
$most = 0;
for ($round = 0; $round < 5; $round++) {
    for ($i = 0; $i < 100; $i++) {
        $name = rl_name();
        $lock->addLock($name, 5, fenced: false, watch: true);
        $other->forceUnlock($name);
        $most = max($most, wd_watched($lock));
    }
    $found = l4_until(fn () => wd_info()['holds'] === '0', 30);
    echo "round $round: ", wd_ok($found, wd_info()), "\n";
}
echo 'watched: ', wd_ok($most >= 64 && $most <= 201, $most), "\n";

function wd_watched(RedisLock $lock): int
{
    preg_match('/\[watched\] => (\d+)/', print_r($lock, true), $m);
    return (int) ($m[1] ?? -1);
}
?>
--EXPECT--
round 0: ok
round 1: ok
round 2: ok
round 3: ok
round 4: ok
watched: ok
