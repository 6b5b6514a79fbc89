--TEST--
RedisRateLimiter: reset_after of a fixed window with a waiter's place in the next window is the end of that window, and a peek of a name with no state reports reset_after 0
--DESCRIPTION--
A fixed window of 2 per 2 s is full, and a waiter holds one token of the next
window: the limiter is back to its full capacity only when that window ends. A
peek() and inspect() answer, from one moment of the server's clock, retry_after
(the next window, which still has room) and reset_after (its end): exactly one
interval apart. A name without any state is at its full capacity: reset_after
0 for every policy.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$l = lim_new();
$name = rl_name();
$l->consume($name, 2, 2.0, 2, 'fixed_window');
$pid = l4_fork(function () use ($name) {
    $r = lim_new()->wait($name, 2, 2.0, 1, 'fixed_window', null, 10);
    return is_array($r) && $r['allowed'] ? 0 : 1;
});
l4_until(fn () => ($l->inspect($name)['backlog'] ?? 0) > 0, 10.0);
$p = $l->peek($name, 2, 2.0, 1, 'fixed_window');
printf("peek: allowed %s, reset_after - retry_after = %.6f\n", var_export($p['allowed'], true), $p['reset_after'] - $p['retry_after']);
$i = $l->inspect($name);
printf("inspect: reset_after - backlog = %.6f\n", $i['reset_after'] - $i['backlog']);
echo 'waiter exit ', implode(',', l4_wait([$pid], 30.0)), "\n";
foreach (['token_bucket', 'fixed_window', 'sliding_window'] as $policy) {
    $p = $l->peek(rl_name(), 5, 60, 1, $policy);
    echo "$policy, no state: reset_after ", var_export($p['reset_after'], true), ', remaining ', $p['remaining'], "\n";
}
?>
--EXPECT--
peek: allowed false, reset_after - retry_after = 2.000000
inspect: reset_after - backlog = 2.000000
waiter exit 0
token_bucket, no state: reset_after 0.0, remaining 5
fixed_window, no state: reset_after 0.0, remaining 5
sliding_window, no state: reset_after 0.0, remaining 5
