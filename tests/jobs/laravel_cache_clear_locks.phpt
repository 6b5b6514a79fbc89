--TEST--
Laravel cache:clear --locks on our store removes this store's locks only, a SCAN page at a time
--DESCRIPTION--
Laravel cache:clear --locks on our store removes this store's locks only, a SCAN
page at a time: not those of a store whose prefix is a prefix of ours, or starts
with ours, nor any cached item; where Laravel has no CanFlushLocks the store
loads and its flushLocks() does the same

Laravel 13's cache:clear --locks (Illuminate\Cache\Console\ClearCommand, run
as Artisan runs it) calls Repository::flushLocks(), which needs the store to
implement Illuminate\Contracts\Cache\CanFlushLocks. Our store "locks" (prefix
"app", its data in an array store) holds 250 locks, one of them leased
by the WithoutOverlapping middleware's name; stores with the prefixes "ap",
"app2" and "app:x" (which our names must never be mistaken for) hold one lock
each, and two cached items are set where Laravel's redis store with the
prefix "app" keeps them, on the same server. After the flush every lock of ours is gone and
every other lock and the items are still there. MONITOR shows the walk: several
SCANs of COUNT 100 from the flushing client, no KEYS. Laravel 8 and 10
(bookworm, trixie) have no CanFlushLocks and no --locks: there the test
asserts that the interface is absent, that our store loads and the command has
no such option, and calls the store's flushLocks() directly, with the same
checks after it (EXPECTREGEX allows either first line).
--INI--
extension=mbstring
extension=posix
extension=dom
--FILE--
<?php
require __DIR__ . '/laravel_queue.inc';
require_once 'Illuminate/Console/autoload.php';
require_once 'Illuminate/Filesystem/autoload.php';

use Illuminate\Cache\Console\ClearCommand;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Output\BufferedOutput;

$app = lq_app();
$ours = ['driver' => 'redislock', 'connection' => 'default', 'data_store' => 'array', 'lease' => 1];
foreach (['locks' => 'app', 'short' => 'ap', 'longer' => 'app2', 'colon' => 'app:x'] as $store => $prefix) {
    $app['config']->set("cache.stores.$store", ['prefix' => $prefix] + $ours);
}
$cache = $app['cache'];
$run = rl_name();
$observer = new RedisLock(rl_dsn());

$mine = [];
for ($i = 0; $i < 250; $i++) {
    $mine[] = $lock = $cache->store('locks')->lock("$run:$i", 60);
    $lock->get();
}
$leased = $cache->store('locks')->lock("laravel-queue-overlap:$run", 0);
$leased->get();
$others = [];
foreach (['short', 'longer', 'colon'] as $store) {
    $others[$store] = $cache->store($store)->lock("$run:0", 60);
    $others[$store]->get();
}
// Cached items as Laravel's redis store with the prefix "app" keeps them, on the same server.
$raw = new RawRedis();
$raw->call('SET', "app:$run:item", 'kept');
$raw->call('SET', "app:$run:0", 'kept');
$redisNames = fn ($store, $locks) => array_map(fn ($lock) => $cache->store($store)->getStore()->getLockProvider()->redisName($lock), $locks);
$held = fn (array $names) => count(array_filter($names, fn ($name) => $observer->isLocked($name)));
$ourNames = $redisNames('locks', array_merge(array_map(fn ($i) => "$run:$i", range(0, 249)), ["laravel-queue-overlap:$run"]));
rq_check($held($ourNames) === 251 && $leased->isLeased(), 'before: our 251 locks are held (one leased)', $held($ourNames));

$monitor = rl_monitor();
if (interface_exists(Illuminate\Contracts\Cache\CanFlushLocks::class)) {
    $command = new ClearCommand($cache, new Illuminate\Filesystem\Filesystem());
    $command->setLaravel($app);
    $output = new BufferedOutput();
    $status = $command->run(new ArrayInput(['store' => 'locks', '--locks' => true]), $output);
    rq_check($status === 0 && str_contains($output->fetch(), 'Application cache locks cleared successfully'),
        'cache:clear locks --locks succeeds', [$status, $output->fetch()]);
} else {
    $command = new ClearCommand($cache, new Illuminate\Filesystem\Filesystem());
    rq_check(!$command->getDefinition()->hasOption('locks') && $cache->store('locks')->getStore()->flushLocks(),
        'no CanFlushLocks nor --locks in this Laravel; the store loads and its flushLocks() runs');
}
$seen = rl_monitor_read($monitor, 0.3);
fclose($monitor);

rq_check($held($ourNames) === 0, 'after: none of our locks is held', $held($ourNames));
rq_check(!$leased->isOwnedByCurrentProcess(), 'after: the leased holder has lost its lock');
foreach ($others as $store => $lock) {
    rq_check($lock->isOwnedByCurrentProcess(), "after: the lock of the store with the prefix \"{$app['config']["cache.stores.$store.prefix"]}\" is still held");
}
rq_check($raw->call('GET', "app:$run:item") === 'kept' && $raw->call('GET', "app:$run:0") === 'kept', 'after: the cached items are still there');

$client = null;
$scans = $keys = 0;
foreach (explode("\n", $seen) as $line) {
    if ($client === null && str_contains($line, 'Lock:app:' . $run) && preg_match('/^\+[0-9.]+ \[\d+ ([^\]]+)\]/', $line, $m) && $m[1] !== 'lua') {
        $client = $m[1];
    }
}
foreach (explode("\n", $seen) as $line) {
    if ($client !== null && preg_match('/^\+[0-9.]+ \[\d+ ' . preg_quote($client, '/') . '\] "([^"]*)"(.*)$/', $line, $m)) {
        $scans += strtoupper($m[1]) === 'SCAN' && stripos($m[2], '"COUNT" "100"') !== false;
        $keys += strtoupper($m[1]) === 'KEYS';
    }
}
rq_check($client !== null && $scans >= 3 && $keys === 0, 'the locks were listed by SCAN, at least 3 pages of COUNT 100, never KEYS', [$client, $scans, $keys]);

foreach ($others as $lock) {
    $lock->release();
}
$raw->call('DEL', "app:$run:item", "app:$run:0");
?>
--EXPECTREGEX--
ok: before: our 251 locks are held \(one leased\)
(ok: cache:clear locks --locks succeeds|ok: no CanFlushLocks nor --locks in this Laravel; the store loads and its flushLocks\(\) runs)
ok: after: none of our locks is held
ok: after: the leased holder has lost its lock
ok: after: the lock of the store with the prefix "ap" is still held
ok: after: the lock of the store with the prefix "app2" is still held
ok: after: the lock of the store with the prefix "app:x" is still held
ok: after: the cached items are still there
ok: the locks were listed by SCAN, at least 3 pages of COUNT 100, never KEYS
