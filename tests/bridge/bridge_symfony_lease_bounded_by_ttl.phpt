--TEST--
Symfony lease: a Lock nobody refreshes is renewed only until its ttl, then gone
--DESCRIPTION--
Symfony lease: a Lock of ttl 1 s that nobody refreshes is renewed to the lease
only until its ttl, while its process lives: it is gone from Redis between 0.95
and 1.15 s, as with a store without leases
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$factory = new LockFactory(new RedisLockStore(new RedisLock(rl_options(['watchdog' => ['lease' => 0.3]]))));
$name = rl_name();
$lock = $factory->createLock($name, 1.0);
$serverMs = function () use ($raw): int {
    [$s, $us] = $raw->call('TIME');
    return intdiv((int) $s * 1000000 + (int) $us, 1000);
};
$server0 = $serverMs();
$at = microtime(true);
var_dump($lock->acquire());
$pttl = $raw->call('PTTL', "Lock:$name");
var_dump($pttl > 0 && $pttl <= 300);
usleep(600000);
var_dump($raw->call('EXISTS', "Lock:$name"));   // renewed past its first lease
/* Gone at its ttl: not before 0.95 s on this clock, by itself, and no look finds
 * its end (the server's clock plus its PTTL) past 1 s after the server's clock
 * before acquire(), but for 250 ms of a renewal's way to the server (a renewal
 * past the ttl would end a lease, 300 ms, after it). */
$latestEnd = 0;
while ($raw->call('EXISTS', "Lock:$name") && microtime(true) - $at < 30) {
    $now = $serverMs();
    $latestEnd = max($latestEnd, $now + (int) $raw->call('PTTL', "Lock:$name"));
    usleep(5000);
}
$gone = microtime(true) - $at;
echo $gone >= 0.95 && $gone < 30 && $latestEnd - $server0 <= 1250 ? 'gone at its ttl' : sprintf('gone after %.3f s, its end seen at %d ms', $gone, $latestEnd - $server0), "\n";
var_dump($lock->isAcquired());
?>
--EXPECT--
bool(true)
bool(true)
int(1)
gone at its ttl
bool(false)
