--TEST--
Symfony bridge: RedisLockStore::fencingToken() gives each exclusive Lock a number greater than every earlier holder's
--DESCRIPTION--
Symfony bridge: RedisLockStore::fencingToken() gives each exclusive Lock a
number greater than every earlier holder's (the number at the front of the value
in Redis), null for a read lock, for a Key that holds nothing and after release;
a holder whose lock expired is refused by a storage that checks the number
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['/usr/share/php/Symfony/Component/Lock/autoload.php', __DIR__ . '/../../bridge/autoload.php'] as $file) {
    if (!is_file($file)) {
        exit("$file is missing: install php-symfony-lock (Debian)\n");
    }
    require_once $file;
}

use RedisLock\Bridge\Symfony\RedisLockStore;
use Symfony\Component\Lock\Key;
use Symfony\Component\Lock\Lock;

$raw = new RawRedis();
$name = rl_name();
$store = new RedisLockStore(new RedisLock(rl_dsn()));
$other = new RedisLockStore(new RedisLock(rl_dsn()));

/* Successive holders, through two stores (two connections): strictly increasing. */
$seen = [];
for ($i = 0; $i < 4; $i++) {
    $key = new Key($name);
    $lock = new Lock($key, $i % 2 ? $other : $store, 10);
    var_dump($lock->acquire());
    $fence = ($i % 2 ? $other : $store)->fencingToken($key);
    var_dump(is_int($fence) && $fence === (int) $raw->call('GET', l4_key($name)));
    $seen[] = $fence;
    $lock->release();
    var_dump(($i % 2 ? $other : $store)->fencingToken($key));
}
$sorted = $seen;
sort($sorted);
var_dump($sorted === $seen && count(array_unique($seen)) === 4 ? 'strictly increasing' : implode(',', $seen));

/* A Key that never held anything. */
var_dump($store->fencingToken(new Key($name)));

/* The storage keeps the highest number it saw and refuses lower ones. */
$storage = ['fence' => 0, 'value' => null];
$write = function (int $fence, string $value) use (&$storage): bool {
    if ($fence <= $storage['fence']) {
        return false;
    }
    $storage = ['fence' => $fence, 'value' => $value];
    return true;
};

/* A holder pauses past its lifetime; a second one takes the lock and writes. */
$slowKey = new Key($name);
$slow = new Lock($slowKey, $store, 0.3, false);
var_dump($slow->acquire());
$slowFence = $store->fencingToken($slowKey);
usleep(400000);
$fastKey = new Key($name);
$fast = new Lock($fastKey, $other, 10);
var_dump($fast->acquire());
var_dump($write($other->fencingToken($fastKey), 'fast'));
/* The paused holder wakes up and writes with its old number: refused. */
var_dump($slow->isAcquired());
var_dump($write($slowFence, 'slow'), $storage['value']);
$fast->release();

/* A read lock has no number; promoted to a write lock, it gets a greater one. */
$readKey = new Key($name);
$read = new Lock($readKey, $store, 10);
var_dump($read->acquireRead());
var_dump($store->fencingToken($readKey));
var_dump($read->acquire());
$promoted = $store->fencingToken($readKey);
var_dump($promoted > $storage['fence'], $promoted === (int) $raw->call('GET', l4_key($name)));
/* Demoted again: no number. */
var_dump($read->acquireRead(), $store->fencingToken($readKey));
$read->release();
var_dump((new RedisLock(rl_dsn()))->isLocked($name));
?>
--EXPECT--
bool(true)
bool(true)
NULL
bool(true)
bool(true)
NULL
bool(true)
bool(true)
NULL
bool(true)
bool(true)
NULL
string(19) "strictly increasing"
NULL
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
string(4) "fast"
bool(true)
NULL
bool(true)
bool(true)
bool(true)
bool(true)
NULL
bool(false)
