--TEST--
RedisRateLimiter::consume(): a fixed window opens at the first hit after the last window ended, not on a clock boundary, and admits its limit until the interval has passed
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$l = lim_new();
$r = [];
/* Windows of 1 s: four calls fit in one on a loaded machine too; what the server
 * says is left of the window is bounded by the time the calls took here. */
$start = microtime(true);
for ($i = 0; $i < 4; $i++) {
    $r[] = $l->consume($name, 3, 1.0, 1, 'fixed_window');
}
$took = microtime(true) - $start;
echo implode(' ', array_map(fn ($x) => ($x['allowed'] ? 'allowed:' : 'refused:') . $x['remaining'], $r)), "\n";
echo 'the first window lasts 1 s from its first hit: ', lim_yes($r[0]['reset_after'] > 0.99 && $r[0]['reset_after'] <= 1.0, $r[0]), "\n";
echo 'the refusal says when the window ends: ', lim_yes(abs($r[3]['retry_after'] - $r[3]['reset_after']) < 1e-9 && $r[3]['retry_after'] >= 1.0 - $took, [$r[3], $took]), "\n";
/* 1.5 s after the first hit: an aligned window would end 0.5 s later; this one opens now. */
usleep(1500000);
$next = $l->consume($name, 3, 1.0, 2, 'fixed_window');
var_dump($next['allowed'], $next['remaining']);
echo 'the new window lasts 1 s from this hit: ', lim_yes($next['reset_after'] > 0.99 && $next['reset_after'] <= 1.0, $next), "\n";
?>
--EXPECT--
allowed:2 allowed:1 allowed:0 refused:0
the first window lasts 1 s from its first hit: yes
the refusal says when the window ends: yes
bool(true)
int(1)
the new window lasts 1 s from this hit: yes
