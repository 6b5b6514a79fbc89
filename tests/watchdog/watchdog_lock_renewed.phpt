--TEST--
Watchdog: a lock taken with a lease shorter than the work keeps its token the whole time, its PTTL within the lease
--DESCRIPTION--
Watchdog: a lock taken with lease 1.5 s (and $expire 0.1 s) by an object that
then works for 2 s keeps its token the whole time, its PTTL between 0 and the
lease at every look from another client; it is still ours and released at the
end
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$raw = new RawRedis();
$name = rl_name();
/* A lease of 1.5 s: a renewal due every 0.5 s may come 1 s late on a loaded host and
 * still land in time (what is checked is that it renews, not how short a lease can be). */
$lease = 1.5;
$lock = new RedisLock(wd_options($lease));
var_dump($lock->lock($name, 0, 0.1));
$token = $raw->call('GET', l4_key($name));
echo wd_ok(is_string($token) && strlen($token) > 0, $token), "\n";

/* The "work": this process sleeps; only the watchdog's thread acts. */
[$bad, $looks] = wd_watch($raw, l4_key($name), $token, $lease, 2.0);
echo $bad ? implode("\n", $bad) . "\n" : "held with 0 < PTTL <= lease at every look\n";
echo wd_ok($looks >= 5, $looks), "\n";

var_dump($lock->isLocking($name));
$ttl = $lock->ttl($name);
echo wd_ok($ttl > 0 && $ttl <= $lease, $ttl), "\n";
var_dump($lock->unlock($name));
var_dump($raw->call('EXISTS', l4_key($name)));
?>
--EXPECT--
bool(true)
ok
held with 0 < PTTL <= lease at every look
ok
bool(true)
ok
bool(true)
int(0)
