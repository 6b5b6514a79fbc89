--TEST--
RedisRateLimiter::consume(): a sliding window counts the hits of the window before, weighted by the part of it the last interval still covers, as Symfony's SlidingWindow does
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$l = lim_new();
/* Windows of 1 s. The server decides by its clock, which is this host's: each
 * call happened between the times read around it, which bound what it may say. */
$t0 = microtime(true);
for ($i = 0; $i < 10; $i++) {
    $l->consume($name, 10, 1.0, 1, 'sliding_window');
    if ($i === 0) {
        $t1 = microtime(true);
    }
}
$full = $l->consume($name, 10, 1.0, 1, 'sliding_window');
var_dump($full['allowed']);
/* Half-way through the next window: 10 * (1 - 0.5) = 5 hits still count. */
usleep(1500000);
$pa = microtime(true);
$p = $l->peek($name, 10, 1.0, 1, 'sliding_window');
$pb = microtime(true);
/* What is left at x s into the second window: 10 less the first window's 10 hits weighted. */
$left = fn (float $x) => 10 - (int) floor(10 * (1.0 - max(0.0, min(1.0, $x))) + 1e-6);
$least = $left($pa - $t1 - 1.0);
$most = $left($pb - $t0 - 1.0);
echo 'about 5 tokens left half-way through: ', lim_yes($p['remaining'] >= $least && $p['remaining'] <= $most, [$p, $least, $most]), "\n";
$n = 0;
$la = microtime(true);
while ($l->consume($name, 10, 1.0, 1, 'sliding_window')['allowed'] && $n < 20) {
    $n++;
}
/* A token comes back every 0.1 s of the window: the loop may take some. */
$more = (int) ceil((microtime(true) - $pa) / 0.1);
echo 'as many admitted as were left: ', lim_yes($n >= $p['remaining'] && $n <= $p['remaining'] + $more, [$n, $p, $more]), "\n";
$r = $l->consume($name, 10, 1.0, 1, 'sliding_window');
echo 'a refusal names the moment a token fits again, within the window: ', lim_yes(!$r['allowed'] && $r['retry_after'] > 0 && $r['retry_after'] < 0.2, $r), "\n";
usleep((int) ($r['retry_after'] * 1e6) + 3000);
var_dump($l->consume($name, 10, 1.0, 1, 'sliding_window')['allowed']);
?>
--EXPECT--
bool(false)
about 5 tokens left half-way through: yes
as many admitted as were left: yes
a refusal names the moment a token fits again, within the window: yes
bool(true)
