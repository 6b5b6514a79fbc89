--TEST--
RedisRateLimiter: a fixed window refused by a smaller $limit than its hits answers 'remaining' 0, never a negative count
--DESCRIPTION--
$limit is not stored as a rule: each caller is decided with its own. A fixed
window that 5 hits of a caller with $limit 5 filled, then asked by a caller
with $limit 2, is refused, and has no token left for that caller: 'remaining'
is 0 in consume() and peek(), as in the sliding window and the token bucket,
and inspect() (which reads with the stored limit) agrees that none is left.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$l = lim_new();
$name = rl_name();
for ($i = 0; $i < 5; $i++) {
    $l->consume($name, 5, 60, 1, 'fixed_window');
}
foreach (['consume', 'peek'] as $method) {
    $r = $l->$method($name, 2, 60, 1, 'fixed_window');
    echo "$method with limit 2: allowed ", lim_yes($r['allowed']), ', remaining ', $r['remaining'], "\n";
}
$r = $l->consume($name, 4, 60, 3, 'fixed_window');
echo 'consume of 3 with limit 4: allowed ', lim_yes($r['allowed']), ', remaining ', $r['remaining'], "\n";
echo 'inspect: remaining ', $l->inspect($name)['remaining'], "\n";
$l->reset($name);
?>
--EXPECT--
consume with limit 2: allowed no, remaining 0
peek with limit 2: allowed no, remaining 0
consume of 3 with limit 4: allowed no, remaining 0
inspect: remaining 0
