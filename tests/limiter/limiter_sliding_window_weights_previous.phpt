--TEST--
RedisRateLimiter::consume(): a sliding window counts the hits of the window before, weighted by the part of it the last interval still covers, as Symfony's SlidingWindow does
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$l = lim_new();
for ($i = 0; $i < 10; $i++) {
    $l->consume($name, 10, 0.4, 1, 'sliding_window');
}
$full = $l->consume($name, 10, 0.4, 1, 'sliding_window');
var_dump($full['allowed']);
/* Half-way through the next window: 10 * (1 - 0.5) = 5 hits still count. */
usleep(600000);
$p = $l->peek($name, 10, 0.4, 1, 'sliding_window');
echo 'about 5 tokens left half-way through: ', lim_yes(in_array($p['remaining'], [4, 5, 6], true), $p), "\n";
$n = 0;
while ($l->consume($name, 10, 0.4, 1, 'sliding_window')['allowed'] && $n < 20) {
    $n++;
}
echo 'as many admitted as were left: ', lim_yes($n === $p['remaining'] || $n === $p['remaining'] + 1, [$n, $p]), "\n";
$r = $l->consume($name, 10, 0.4, 1, 'sliding_window');
echo 'a refusal names the moment a token fits again, within the window: ', lim_yes(!$r['allowed'] && $r['retry_after'] > 0 && $r['retry_after'] < 0.2, $r), "\n";
usleep((int) ($r['retry_after'] * 1e6) + 3000);
var_dump($l->consume($name, 10, 0.4, 1, 'sliding_window')['allowed']);
?>
--EXPECT--
bool(false)
about 5 tokens left half-way through: yes
as many admitted as were left: yes
a refusal names the moment a token fits again, within the window: yes
bool(true)
