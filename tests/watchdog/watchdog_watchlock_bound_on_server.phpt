--TEST--
Watchdog: a watched hold's bound is the server's: extendLock() from another object ends every watch (a shorter life stays short, a longer one is kept), a watchLock() elsewhere moves it
--DESCRIPTION--
The watchdog renews a token hold of addLock(watch: true) up to a bound that
lives on the server, so any object of any process that has the token moves it
or ends it, and the watching object obeys:
- extendLock($name, $token, 0.3) from another object on a hold leased for 8 s:
  no renewal lands after it (no look finds more than the 300 ms it gave), and
  the hold ends;
- extendLock($name, $token, 6) from another object on a hold leased for 1.5 s:
  the hold is still held (by the token) after the 1.5 s, with its 6 s;
- watchLock($name, $token, 4) from another object with the watchdog, which then
  ends, on a hold leased for 1.5 s: the first object's watchdog renews it on up
  to the new bound, one lease at a time (held after 1.5 s + two leases, never
  more than a lease left).
"After" waits by this clock past the old bound: a loaded machine only waits
longer, which the old bound would fail sooner.
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$lease = 0.5;
$raw = new RawRedis();
$watcher = new RedisLock(wd_options($lease));
$other = new RedisLock(rl_options());

// Ended from another object, shorter.
$name = rl_name();
$token = $watcher->addLock($name, 8, fenced: false, watch: true);
var_dump($other->extendLock($name, $token, 0.3));
$max = 0;
$gone = l4_until(function () use ($raw, $name, $token, &$max) {
    $left = wd_left($raw, l4_key($name), $token);
    $max = max($max, $left ?? 0);
    return $left === null;
}, 30);
echo 'shortened: ', wd_ok($gone && $max <= 300, ['gone' => $gone, 'most left' => $max]), "\n";

// Ended from another object, longer.
$name = rl_name();
$t0 = microtime(true);
$token = $watcher->addLock($name, 1.5, fenced: false, watch: true);
var_dump($other->extendLock($name, $token, 6));
while (microtime(true) - $t0 < 2.5) {
    usleep(20000);
}
$left = wd_left($raw, l4_key($name), $token);
echo 'lengthened: ', wd_ok($left !== null && $left > 0 && $left <= 6000, $left), "\n";
var_dump($watcher->releaseLock($name, $token));

// Moved by a watchLock() elsewhere, whose object then ends.
$name = rl_name();
$t0 = microtime(true);
$token = $watcher->addLock($name, 1.5, fenced: false, watch: true);
$mover = new RedisLock(wd_options($lease));
var_dump($mover->watchLock($name, $token, 4));
unset($mover);
$bad = [];
while (microtime(true) - $t0 < 1.5 + 4 * $lease) {
    $left = wd_left($raw, l4_key($name), $token);
    if ($left === null || $left <= 0 || $left > $lease * 1000) {
        $bad[] = $left;
    }
    usleep(20000);
}
echo 'moved: ', wd_ok($bad === [], $bad), "\n";
var_dump($watcher->releaseLock($name, $token));
?>
--EXPECT--
bool(true)
shortened: ok
bool(true)
lengthened: ok
bool(true)
bool(true)
moved: ok
bool(true)
