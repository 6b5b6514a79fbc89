--TEST--
Laravel bridge: fencingToken() draws a number once, in front of the owner, and numbers grow from holder to holder
--DESCRIPTION--
Laravel bridge: get() on a free name is one SET NX PX of a 32-hex-digit owner
(as Laravel's own lock); fencingToken() draws a number once (later calls send
nothing) and puts it in front of the owner, both owners (the random part) name
the lock; numbers grow from holder to holder; null before acquisition, kept
(stale, for the storage to refuse) after release
--FILE--
<?php
require __DIR__ . '/../harness/handoff_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../../bridge/autoload.php';
use RedisLock\Bridge\Laravel\LockProvider;

$raw = new RawRedis();
$name = rl_name();
$key = l4_key($name);
$locks = new LockProvider(new RedisLock(rl_dsn()));
$others = new LockProvider(new RedisLock(rl_dsn()));

/* Connected, and the fencing script known to the server, before counting. */
$warm = $locks->lock(rl_name(':warm'), 5);
var_dump($warm->get() && is_int($warm->fencingToken()) && $warm->release());

$lock = $locks->lock($name, 30);
var_dump($lock->fencingToken());
$skip = [ho_addr($raw)];
$monitor = rl_monitor();
var_dump($lock->get());
$sent = ho_others(rl_monitor_read($monitor), $name, $skip);
$owner = $lock->owner();
var_dump(preg_match('/^[0-9a-f]{32}(?:@[0-9A-Za-z._%-]*)?$/D', $owner));
echo 'get(): ', implode(' | ', array_map(fn ($c) => $c['args'][0] . ' ' . ho_set_options($c['args']), $sent)), "\n";

$fence = $lock->fencingToken();
var_dump(is_int($fence) && $fence > 0);
var_dump($lock->owner() === "$fence:$owner", $raw->call('GET', $key) === $lock->owner());
var_dump($lock->fencingToken() === $fence);
$later = ho_others(rl_monitor_read($monitor), $name, $skip);
echo 'fencingToken() twice: ', count($later), " command(s)\n";
fclose($monitor);

/* The old owner, handed on before the number was drawn, still names the lock. */
var_dump($others->restoreLock($name, $owner)->isOwnedByCurrentProcess());
var_dump($others->restoreLock($name, $lock->owner())->isOwnedByCurrentProcess());
var_dump($lock->release(), $lock->fencingToken() === $fence);

/* The next holder's number is greater. */
$next = $others->lock($name, 30);
var_dump($next->get(), $next->fencingToken() > $fence, $next->release());
var_dump($raw->call('EXISTS', $key));
?>
--EXPECT--
bool(true)
NULL
bool(true)
int(1)
get(): SET NX PX 30000
bool(true)
bool(true)
bool(true)
bool(true)
fencingToken() twice: 1 command(s)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
