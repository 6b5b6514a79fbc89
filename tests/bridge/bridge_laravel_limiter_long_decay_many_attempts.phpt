--TEST--
Laravel bridge: a decay of 2 years or 400 days and more than 10^9 attempts mean what Laravel's own RateLimiter makes of them, call for call (no ValueError)
--DESCRIPTION--
The same sequence of calls on our RateLimiter and on Laravel's own (its redis
store, phpredis) gives the same answers: attempt() with 2,000,000,000 attempts
and a decay of 400 days, hit() with a decay of 2 years, tooManyAttempts(),
attempts(), remaining() and availableIn() (both whole seconds of the window,
compared as at least the decay less a minute).
--INI--
extension=mbstring
extension=posix
--FILE--
<?php
require __DIR__ . '/../harness/limiter_laravel_test.inc';
/* The calls, in a file both sides load: ours runs here; Laravel's redis store needs
 * phpredis, so it runs in a PHP that has it (rl_phpredis_command()). */
$calls = rl_env('REDISLOCK_TEST_TMP') . '/long-decay-calls-' . getmypid() . '.php';
file_put_contents($calls, <<<'PHP'
<?php
function long_decay_calls(Illuminate\Cache\RateLimiter $limiter, string $key): array
{
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
}
PHP);
require $calls;
$ours = long_decay_calls(lt_app('limits')->make(Illuminate\Cache\RateLimiter::class), 'k|' . rl_name());

$peer = rl_php_file('require ' . var_export(__DIR__ . '/../harness/limiter_laravel_test.inc', true) . ';'
    . 'require ' . var_export($calls, true) . ';'
    . 'echo json_encode(long_decay_calls(lt_app("redis")->make(Illuminate\Cache\RateLimiter::class), "k|" . rl_name()));');
$process = proc_open(rl_phpredis_command($peer, ['mbstring', 'posix']), [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$printed = stream_get_contents($pipes[1]);
$errors = stream_get_contents($pipes[2]);
proc_close($process);
$laravel = json_decode($printed, true);

echo 'ours: ', json_encode($ours), "\n";
echo 'the same as Laravel\'s: ', $ours === $laravel ? 'yes' : "no ($printed $errors)", "\n";
?>
--EXPECT--
ours: ["ran","ran",2,false,1999999998,true,1,2,false,true,true]
the same as Laravel's: yes
