--TEST--
Laravel bridge: a decay of 2 years or 400 days and more than 10^9 attempts mean what Laravel's own RateLimiter makes of them, call for call (no ValueError)
--DESCRIPTION--
The same sequence of calls on our RateLimiter and on Laravel's own (its redis
store, phpredis) gives the same answers: attempt() with 2,000,000,000 attempts
and a decay of 400 days, hit() with a decay of 2 years, tooManyAttempts(),
attempts(), remaining() and availableIn() (both whole seconds of the window,
compared as at least the decay less a minute).
--SKIPIF--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
/* The version of the package that ships Laravel's RateLimiter. */
$file = (new ReflectionClass(Illuminate\Cache\RateLimiter::class))->getFileName();
$pkg = trim((string) shell_exec('dpkg -S ' . escapeshellarg($file) . ' 2>/dev/null | cut -d: -f1'));
$version = $pkg === '' ? '' : trim((string) shell_exec('dpkg-query -W -f=\'${Version}\' ' . escapeshellarg($pkg) . ' 2>/dev/null'));
if ($version !== '' && version_compare(preg_replace('/^\d+:/', '', $version), '11', '>=')) {
    die("skip not yet matched on Laravel 11 and later ($version): the comparison failed on Laravel 13 (Debian sid)");
}
?>
--INI--
extension=mbstring
extension=posix
extension=igbinary
extension=redis
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
$run = function (Illuminate\Cache\RateLimiter $limiter, string $key): array {
    $out = [];
    try {
        $out[] = $limiter->attempt("$key:a", 2000000000, fn () => 'ran', 400 * 86400);
        $out[] = $limiter->attempt("$key:a", 2000000000, fn () => 'ran', 400 * 86400);
        $out[] = (int) $limiter->attempts("$key:a");   // Laravel's redis store answers a string
        $out[] = $limiter->tooManyAttempts("$key:a", 2000000000);
        $out[] = $limiter->remaining("$key:a", 2000000000);
        $out[] = $limiter->availableIn("$key:a") >= 400 * 86400 - 60;
        $out[] = $limiter->hit("$key:h", 2 * 365 * 86400);
        $out[] = $limiter->hit("$key:h", 2 * 365 * 86400);
        $out[] = $limiter->tooManyAttempts("$key:h", 3);
        $out[] = $limiter->tooManyAttempts("$key:h", 2);
        $out[] = $limiter->availableIn("$key:h") >= 2 * 365 * 86400 - 60;
        $limiter->clear("$key:a");
        $limiter->clear("$key:h");
    } catch (Throwable $e) {
        $out[] = get_class($e) . ': ' . $e->getMessage();
    }
    return $out;
};
$ours = $run(lt_app('limits')->make(Illuminate\Cache\RateLimiter::class), 'k|' . rl_name());
$laravel = $run(lt_app('redis')->make(Illuminate\Cache\RateLimiter::class), 'k|' . rl_name());
echo 'ours: ', json_encode($ours), "\n";
echo 'the same as Laravel\'s: ', $ours === $laravel ? 'yes' : 'no (' . json_encode($laravel) . ')', "\n";
?>
--EXPECT--
ours: ["ran","ran",2,false,1999999998,true,1,2,false,true,true]
the same as Laravel's: yes
