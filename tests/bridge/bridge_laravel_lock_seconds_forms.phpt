--TEST--
Laravel bridge: a lock's seconds in every form Laravel accepts mean what Laravel means by them; NaN and non-numbers are refused
--DESCRIPTION--
Laravel bridge: a lock's seconds in every form Laravel accepts (int, float,
numeric string, null, 0 and negative as no expiry, beyond 1e9 s and INF held at
1e9 s) get(), block() and refresh() as Laravel means them; NaN and non-numbers
are refused when the lock is made, before anything is sent

Laravel's redis lock takes any number of seconds (SET EX); the extension's
bound is 1e9 s (31.7 years), so a lifetime, a block() wait or a refresh() beyond
it is held at 1e9 s (practically for ever) instead of failing with the
extension's ValueError. $seconds <= 0 or null is Laravel's "no expiry": the long
finite lifetime (365 days). NaN is a ValueError and a non-number a TypeError,
both naming $seconds.
--FILE--
<?php
require __DIR__ . '/../harness/lock4_test.inc';
foreach (['Illuminate/Support', 'Illuminate/Cache'] as $package) {
    if (stream_resolve_include_path("$package/autoload.php") === false) {
        echo "$package is not installed: apt-get install php-illuminate-cache\n";
        exit(1);
    }
    require_once "$package/autoload.php";
}
require_once __DIR__ . '/../../bridge/autoload.php';
use Illuminate\Cache\ArrayStore;
use Illuminate\Cache\Repository;
use RedisLock\Bridge\Laravel\LockProvider;
use RedisLock\Bridge\Laravel\LockStore;

$raw = new RawRedis();
$redis = new RedisLock(rl_dsn());
$cache = new Repository(new LockStore(new ArrayStore, new LockProvider($redis)));
$pttl = fn (string $name) => $raw->call('PTTL', l4_key($name));
$year = 31536000000;
$cases = [
    'int 7' => [7, 6000, 7000],
    'float 2.5' => [2.5, 1500, 2500],
    'string "7"' => ['7', 6000, 7000],
    'null' => [null, $year - 10000, $year],
    'int 0' => [0, $year - 10000, $year],
    'int -5' => [-5, $year - 10000, $year],
    'int 2e9' => [2000000000, 1e12 - 10000, 1e12],
    'float INF' => [INF, 1e12 - 10000, 1e12],
];
foreach ($cases as $form => [$seconds, $low, $high]) {
    $name = rl_name();
    $error = null;
    try {
        $lock = $cache->lock($name, $seconds);
        $got = $lock->get();
        $ms = $pttl($name);
        $lock->release();
        $blocked = $cache->lock($name, $seconds)->block($seconds ?? 0);
        $ms2 = $pttl($name);
    } catch (Throwable $e) {
        $error = get_class($e) . ': ' . $e->getMessage();
    }
    rq_ok($error === null && $got === true && $blocked === true && $ms > $low && $ms <= $high && $ms2 > $low && $ms2 <= $high,
        "lock(\$name, $form): get() and block($form) hold it for " . ($high / 1000) . ' s at most', [$error, $ms ?? null, $ms2 ?? null]);
    $cache->lock($name)->forceRelease();
}

/* refresh() beyond the bound: held at 1e9 s. */
$name = rl_name();
$lock = $cache->lock($name, 10);
$lock->get();
$error = null;
try {
    $refreshed = $lock->refresh(2000000000);
} catch (Throwable $e) {
    $error = get_class($e) . ': ' . $e->getMessage();
}
$ms = $pttl($name);
rq_ok($error === null && $refreshed === true && $ms > 1e12 - 10000, 'refresh(2e9): renewed for 1e9 s', [$error, $ms]);
$lock->release();

/* Refused when the lock is made, naming $seconds; nothing sent. */
foreach (['float NAN' => [NAN, ValueError::class], 'string "soon"' => ['soon', TypeError::class], 'array' => [[5], TypeError::class]] as $form => [$seconds, $class]) {
    $name = rl_name();
    $error = null;
    try {
        $cache->lock($name, $seconds)->get();
    } catch (Throwable $e) {
        $error = $e;
    }
    rq_ok($error instanceof $class && str_contains($error->getMessage(), '$seconds') && $raw->call('EXISTS', l4_key($name)) === 0,
        "lock(\$name, $form): $class naming \$seconds, nothing held", $error ? get_class($error) . ': ' . $error->getMessage() : null);
}
$name = rl_name();
$lock = $cache->lock($name, 10);
$error = null;
try {
    $lock->block(NAN);
} catch (Throwable $e) {
    $error = $e;
}
rq_ok($error instanceof ValueError && str_contains($error->getMessage(), '$seconds') && $raw->call('EXISTS', l4_key($name)) === 0,
    'block(NAN): ValueError naming $seconds, nothing held', $error ? get_class($error) . ': ' . $error->getMessage() : null);
$lock->get();
foreach (['NAN' => NAN, '"soon"' => 'soon'] as $form => $seconds) {
    $error = null;
    try {
        $lock->refresh($seconds);
    } catch (Throwable $e) {
        $error = $e;
    }
    $ms = $pttl($name);
    rq_ok($error instanceof Error && str_contains($error->getMessage(), '$seconds') && $ms > 9000 && $ms <= 10000,
        "refresh($form): refused naming \$seconds, the lock keeps its expiry", [$error ? get_class($error) . ': ' . $error->getMessage() : null, $ms]);
}
$lock->release();

function rq_ok(bool $ok, string $what, mixed $details = null): void
{
    echo ($ok ? 'ok: ' : 'FAILED: ') . $what . "\n";
    if (!$ok && $details !== null) {
        echo '  details: ' . var_export($details, true) . "\n";
    }
}
?>
--EXPECT--
ok: lock($name, int 7): get() and block(int 7) hold it for 7 s at most
ok: lock($name, float 2.5): get() and block(float 2.5) hold it for 2.5 s at most
ok: lock($name, string "7"): get() and block(string "7") hold it for 7 s at most
ok: lock($name, null): get() and block(null) hold it for 31536000 s at most
ok: lock($name, int 0): get() and block(int 0) hold it for 31536000 s at most
ok: lock($name, int -5): get() and block(int -5) hold it for 31536000 s at most
ok: lock($name, int 2e9): get() and block(int 2e9) hold it for 1000000000 s at most
ok: lock($name, float INF): get() and block(float INF) hold it for 1000000000 s at most
ok: refresh(2e9): renewed for 1e9 s
ok: lock($name, float NAN): ValueError naming $seconds, nothing held
ok: lock($name, string "soon"): TypeError naming $seconds, nothing held
ok: lock($name, array): TypeError naming $seconds, nothing held
ok: block(NAN): ValueError naming $seconds, nothing held
ok: refresh(NAN): refused naming $seconds, the lock keeps its expiry
ok: refresh("soon"): refused naming $seconds, the lock keeps its expiry
