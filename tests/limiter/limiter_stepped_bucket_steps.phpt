--TEST--
RedisRateLimiter: stepped_bucket (Symfony's TokenBucket) gives $limit tokens back at once at each whole $interval after its start, and wait() is admitted at the step, not before
--DESCRIPTION--
A stepped bucket of 4 with 2 back every 2 s: 4 tokens are taken at once, the 5th
is refused until the first step (retry_after) and the bucket is full at the
second (reset_after, exactly one interval later). wait() for 1 token reserves
its place at the first step: a consume() before then is refused (the place
comes first), and wait() returns no earlier than the step by the server's clock.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
$n = 0;
for ($i = 0; $i < 4; $i++) {
    $n += $l->consume($name, 2, 2.0, 1, 'stepped_bucket', 4)['allowed'] ? 1 : 0;
}
$r = $l->consume($name, 2, 2.0, 1, 'stepped_bucket', 4);
printf("admitted %d of 4, the 5th %s, reset_after - retry_after = %.6f\n", $n, $r['allowed'] ? 'admitted' : 'refused',
    $r['reset_after'] - $r['retry_after']);
$i = $l->inspect($name);
echo 'inspect: ', $i['policy'], ', burst ', $i['burst'], ', limit ', $i['limit'], ', remaining ', $i['remaining'], "\n";
$state = lim_state($raw, lim_key($name));
$step = (int) $state['numbers'][3] + 2000000;
echo 'state: ', $state['policy'], ', used ', $state['numbers'][4], "\n";
$w = $l->wait($name, 2, 2.0, 1, 'stepped_bucket', 4, 10);
$t = $raw->call('TIME');
$now = (int) $t[0] * 1000000 + (int) $t[1];
echo 'wait: ', var_export(is_array($w) && $w['allowed'], true), ', not before the step: ', lim_yes($now >= $step, [$now, $step]), "\n";
$pid = l4_fork(function () use ($name) {
    return lim_new()->wait($name, 2, 2.0, 2, 'stepped_bucket', 4, 10) === false ? 1 : 0;
});
/* Reserved once the state was written at the step (its start moved there). */
l4_until(fn () => (int) (lim_state($raw, lim_key($name))['numbers'][3] ?? 0) >= $step, 30.0);
echo 'a consume while a place is held: ', $l->consume($name, 2, 2.0, 1, 'stepped_bucket', 4)['allowed'] ? 'admitted' : 'refused', "\n";
echo 'waiter exit ', implode(',', l4_wait([$pid], 30.0)), "\n";
?>
--EXPECT--
admitted 4 of 4, the 5th refused, reset_after - retry_after = 2.000000
inspect: stepped_bucket, burst 4, limit 2, remaining 0
state: Q, used 4
wait: true, not before the step: yes
a consume while a place is held: refused
waiter exit 0
