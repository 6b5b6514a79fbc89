--TEST--
Laravel bridge, leases: restoreLock()->refresh() in another process moves a leased lock's end: refresh(5) keeps a 2 s lock held past 2 s, refresh(0.3) ends an 8 s one
--DESCRIPTION--
A lock held under the watchdog's lease (get() with a callback, lease 0.5 s) is
refreshed by Cache::restoreLock($name, $owner)->refresh($seconds) in another
process, while its holder works:
- a 2 s lock refreshed to 5 s is still held by its owner (a raw GET) once the
  2 s have passed on this clock: the holder's watchdog does not renew it back
  to the old end;
- an 8 s lock refreshed to 0.3 s never has more than the 300 ms left after
  the refresh (no renewal of the holder lands after it) and is gone long
  before its 8 s, which the holder sees (isOwnedByCurrentProcess() false).
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../../bridge/tests/laravel/app.php';

$stores = ['leased' => ['driver' => 'redislock', 'redislock' => rl_dsn(), 'prefix' => '', 'lease' => 0.5]];
$app = redislock_laravel_app(['cache' => ['default' => 'leased', 'stores' => $stores]]);
$cache = $app['cache'];
$raw = new RawRedis();
$refresh = function (string $name, string $owner, float $seconds): string {
    $child = rl_run_php('
        require ' . var_export(__DIR__ . '/../../bridge/tests/laravel/app.php', true) . ';
        $app = redislock_laravel_app(["cache" => ["default" => "leased", "stores" => ["leased" =>
            ["driver" => "redislock", "redislock" => rl_dsn(), "prefix" => "", "lease" => 0.5]]]]);
        var_export($app["cache"]->restoreLock(' . var_export($name, true) . ', ' . var_export($owner, true) . ')->refresh(' . $seconds . '));
    ');
    return $child['stdout'] . $child['stderr'];
};

$name = rl_name();
$lock = $cache->lock($name, 2);
$t0 = microtime(true);
echo $lock->get(function () use ($lock, $name, $raw, $refresh, $t0) {
    echo 'refresh(5): ', $refresh($name, $lock->owner(), 5), "\n";
    while (microtime(true) - $t0 < 3.0) {
        usleep(20000);
    }
    $value = $raw->call('GET', l4_key($name));
    return 'held after 3 s: ' . wd_ok_value($value === $lock->owner(), $value);
}), "\n";

$name = rl_name();
$lock = $cache->lock($name, 8);
echo $lock->get(function () use ($lock, $name, $raw, $refresh) {
    echo 'refresh(0.3): ', $refresh($name, $lock->owner(), 0.3), "\n";
    $most = 0;
    $gone = l4_until(function () use ($raw, $name, $lock, &$most) {
        if ($raw->call('GET', l4_key($name)) !== $lock->owner()) {
            return true;
        }
        $most = max($most, (int) $raw->call('PTTL', l4_key($name)));
        return false;
    }, 30);
    return 'gone, never more than 300 ms left: ' . wd_ok_value($gone && $most <= 300, [$gone, $most])
        . ', owned: ' . var_export($lock->isOwnedByCurrentProcess(), true);
}), "\n";

function wd_ok_value(bool $ok, mixed $seen): string
{
    return $ok ? 'ok' : 'NOT ok: ' . var_export($seen, true);
}
?>
--EXPECT--
refresh(5): true
held after 3 s: ok
refresh(0.3): true
gone, never more than 300 ms left: ok, owned: false
