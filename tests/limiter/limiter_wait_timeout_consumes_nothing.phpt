--TEST--
RedisRateLimiter::wait(): a place that would come after the timeout returns false without waiting, having consumed nothing; one within it is waited for
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $name = rl_name();
    /* 2 per 100 s: empty after 2, a token comes back in 50 s (the window in 100 s), past a
     * 20 s timeout; the bound is half of that, so that a loaded machine does not cross it. */
    $l->consume($name, 2, 100.0, 2, $policy);
    $before = lim_state($raw, lim_key($name));
    $t = microtime(true);
    $r = $l->wait($name, 2, 100.0, 1, $policy, null, 20.0);
    $took = microtime(true) - $t;
    echo "$policy: false: ", lim_yes($r === false, $r), ', without waiting out its 20 s: ', lim_yes($took < 10.0, $took),
        ', nothing consumed: ', lim_yes(lim_state($raw, lim_key($name)) === $before), "\n";
    /* 2 per second: a token comes back 0.5 s after the consume (the window 1 s after it),
     * timed from before the consume on this host's clock, which is the server's; not
     * the 30 s timeout late (the bound is 10 s after the place: far from both). */
    $name = rl_name();
    $t = microtime(true);
    $l->consume($name, 2, 1.0, 2, $policy);
    $r = $l->wait($name, 2, 1.0, 1, $policy, null, 30);
    $took = microtime(true) - $t;
    $expected = $policy === 'token_bucket' ? 0.5 : 1.0;
    echo "  admitted after about $expected s: ", lim_yes(is_array($r) && $r['allowed'] && $took >= $expected && $took < $expected + 10, [$took, $r]), "\n";
}
?>
--EXPECT--
token_bucket: false: yes, without waiting out its 20 s: yes, nothing consumed: yes
  admitted after about 0.5 s: yes
fixed_window: false: yes, without waiting out its 20 s: yes, nothing consumed: yes
  admitted after about 1 s: yes
