--TEST--
Symfony bridge: SemaphoreFactory on RedisSemaphoreStore grants at most $limit permits, counting a Key's weight
--DESCRIPTION--
Symfony bridge: SemaphoreFactory on RedisSemaphoreStore: at most $limit permits
(a Key's weight counts as that many), refresh() extends, release() gives back,
an acquisition that outlived its ttl is gone (refresh() throws
SemaphoreExpiredException), and a Key carried to another process is released
there
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
foreach (['/usr/share/php/Symfony/Component/Semaphore/autoload.php', __DIR__ . '/../../bridge/autoload.php'] as $file) {
    if (!is_file($file)) {
        exit("$file is missing: install php-symfony-semaphore (Debian)\n");
    }
    require_once $file;
}

use RedisLock\Bridge\Symfony\RedisSemaphoreStore;
use Symfony\Component\Semaphore\Exception\SemaphoreExpiredException;
use Symfony\Component\Semaphore\Key;
use Symfony\Component\Semaphore\Semaphore;
use Symfony\Component\Semaphore\SemaphoreFactory;

$name = rl_name();
$counter = sem_new();
$factory = new SemaphoreFactory(new RedisSemaphoreStore(sem_new()));

$a = $factory->createSemaphore($name, 3, 1, 30);
$b = $factory->createSemaphore($name, 3, 2, 30);
$c = $factory->createSemaphore($name, 3, 1, 30);
var_dump($a->acquire(), $b->acquire(), $counter->count($name));
var_dump($c->acquire(), $c->isAcquired());
$a->refresh(60);
var_dump($a->isAcquired(), $a->getRemainingLifetime() > 59);
$a->release();
var_dump($a->isAcquired(), $c->acquire(), $counter->count($name));
$b->release();
$c->release();
var_dump($counter->count($name));

echo "-- an acquisition that outlived its ttl\n";
$short = $factory->createSemaphore($name, 1, 1, 0.2, false);
var_dump($short->acquire());
usleep(300000);
var_dump($short->isAcquired());
try {
    $short->refresh();
} catch (SemaphoreExpiredException $e) {
    echo get_class($e), "\n";
}
$other = $factory->createSemaphore($name, 1);
var_dump($other->acquire());
$other->release();

echo "-- a Key released by another process\n";
$store = new RedisSemaphoreStore(sem_new());
$key = new Key($name, 1);
$held = new Semaphore($key, $store, 30, false);
var_dump($held->acquire());
$serialized = serialize($key);
$pid = l4_fork(function () use ($serialized) {
    $key = unserialize($serialized);
    $store = new RedisSemaphoreStore(sem_new());
    if (!$store->exists($key)) {
        return 10;
    }
    $store->delete($key);
    return $store->exists($key) ? 11 : 0;
});
echo implode(',', l4_wait([$pid], l4_bound(10))), "\n";
var_dump($held->isAcquired(), $counter->count($name));
?>
--EXPECT--
bool(true)
bool(true)
int(3)
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
bool(true)
int(3)
int(0)
-- an acquisition that outlived its ttl
bool(true)
bool(false)
Symfony\Component\Semaphore\Exception\SemaphoreExpiredException
bool(true)
-- a Key released by another process
bool(true)
0
bool(false)
int(0)
