--TEST--
Laravel bridge: a store's prefix and a lock's name are joined so that the locks of two prefixes never meet
--DESCRIPTION--
Laravel bridge: a store's prefix and a lock's name are joined with ":" (a ":" or
"%" in the prefix percent-encoded), so the locks of two prefixes never meet:
prefix "shop" with lock "1x" and prefix "shop1" with lock "x" are two locks, as
are prefix "a:b" with "c" and prefix "a" with "b:c"
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';
use RedisLock\Bridge\Laravel\LockProvider;

$run = str_replace(':', '-', rl_name());
$redis = new RedisLock(rl_dsn());
$raw = new RawRedis();
$pairs = [["$run-shop", '1x', "$run-shop1", 'x'], ["$run-a:b", 'c', "$run-a", 'b:c']];
foreach ($pairs as [$p1, $n1, $p2, $n2]) {
    $one = (new LockProvider($redis, $p1))->lock($n1, 10);
    $two = (new LockProvider($redis, $p2))->lock($n2, 10);
    var_dump($one->get(), $two->get(), $one->release(), $two->release());
}
$shop = new LockProvider($redis, "$run-shop");
$lock = $shop->lock('1x', 10);
$lock->get();
var_dump($raw->call('GET', l4_key("$run-shop:1x")) === $lock->owner());
$lock->release();
var_dump((new LockProvider($redis, "$run-a:b%"))->redisName('c') === "$run-a%3Ab%25:c");
var_dump((new LockProvider($redis))->redisName('plain:name'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
string(10) "plain:name"
