--TEST--
Symfony bridge: reserve() waits on the server for its turn; with $maxTime too short it throws MaxWaitDurationExceededException and takes nothing
--DESCRIPTION--
A RedisLimiter (fixed_window, 2 per second) whose window is used up: reserve()
returns when the next window admits it, about the rest of the second later, with a
Reservation whose wait() returns at once and whose RateLimit is accepted.
reserve(1, 0.05) on a full window throws symfony's MaxWaitDurationExceededException
at once (its RateLimit refused), and takes nothing. A token_bucket (1 per 0.5 s,
burst 1) reserve()d three times in a row admits at the rate.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_symfony_test.inc';
use Symfony\Component\RateLimiter\Exception\MaxWaitDurationExceededException;

$limiter = ls_factory(['policy' => 'fixed_window', 'limit' => 2, 'interval' => '1 second'])->create('w');
$consuming = microtime(true);
$limiter->consume(2);
$t = microtime(true);
try {
    $limiter->reserve(1, 0.05);
} catch (MaxWaitDurationExceededException $e) {
    /* Thrown without waiting for the window: the server still counts it full after. */
    echo 'too long: ', ls_show($e->getRateLimit()), ', thrown before the window turned', "\n";
}
echo 'still full: ', ls_show($limiter->consume(0)), "\n";

$t = microtime(true);
$reservation = $limiter->reserve();
$waited = microtime(true) - $t;
/* Not before the next window, which begins 1 s after the first consume() at the
 * earliest (this host's clock is the server's); 10 s tells a hang from a loaded host. */
echo 'waited for the next window: ', var_export(microtime(true) >= $consuming + 1.0 && $waited < 10, true), "\n";
echo ls_show($reservation->getRateLimit()), ', wait duration ', $reservation->getWaitDuration() < 0.01 ? '0' : 'left', "\n";
$t = microtime(true);
$reservation->wait();
/* Nothing left to wait (its wait duration is 0): not a window's sleep. */
echo 'wait(): ', microtime(true) - $t < 0.9 ? 'at once' : 'slept', "\n";

$bucket = ls_factory(['policy' => 'token_bucket', 'limit' => 1, 'rate' => ['interval' => '500 milliseconds', 'amount' => 1]])->create('b');
$t = microtime(true);
for ($i = 0; $i < 3; $i++) {
    $bucket->reserve(1, 5.0);
}
$took = microtime(true) - $t;
/* Not faster than 2 per second; 10 s tells a hang from a loaded host. */
echo '3 reservations at 2 per second: ', var_export($took > 0.9 && $took < 10, true), "\n";
?>
--EXPECT--
too long: refused remaining=0 limit=2, thrown before the window turned
still full: accepted remaining=0 limit=2
waited for the next window: true
accepted remaining=1 limit=2, wait duration 0
wait(): at once
3 reservations at 2 per second: true
