--TEST--
Symfony lease: a Key whose copy another store refreshes for longer keeps that lifetime: the holder's watchdog does not renew it back to its own bound
--DESCRIPTION--
The holder takes a Key with a lease (watchdog 0.3 s), hands a copy of it on
(serialize(), which gives the hold the Key's lifetime and ends the lease), and
refreshes its own Lock for 1.5 s. A Lock of another store (no watchdog) made
from the copy calls refresh(6) (putOffExpiration(), extendLock()): once the
holder's 1.5 s have passed on this clock the hold is still there with its 6 s
(a raw PTTL), and the holder's own isAcquired() says so too: nothing of the
holder's renews it back to its own end.
--INI--
extension=ctype
--FILE--
<?php
require __DIR__ . '/../harness/symfony_kernel_test.inc';

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\LockFactory;

$raw = new RawRedis();
$name = rl_name();
$holder = new LockFactory(new RedisLockStore(new RedisLock(rl_options(['watchdog' => ['lease' => 0.3]]))));
$key = new Key($name);
$lock = $holder->createLockFromKey($key, 20.0, false);
var_dump($lock->acquire());
$copy = serialize($key);
$t0 = microtime(true);
$lock->refresh(1.5);
$other = new LockFactory(new RedisLockStore(new RedisLock(rl_options())));
$moved = $other->createLockFromKey(unserialize($copy), 20.0, false);
$moved->refresh(6);
while (microtime(true) - $t0 < 2.5) {
    usleep(20000);
}
$pttl = $raw->call('PTTL', "Lock:$name");
echo $pttl > 0 && $pttl <= 6000 ? "held past the holder's 1.5 s\n" : "PTTL $pttl\n";
var_dump($lock->isAcquired());
$moved->release();
var_dump($raw->call('EXISTS', "Lock:$name"));
?>
--EXPECT--
bool(true)
held past the holder's 1.5 s
bool(true)
int(0)
