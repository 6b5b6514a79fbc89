--TEST--
RedisRateLimiter::wait(): a place that would come after the timeout returns false at once, having consumed nothing; one within it is waited for
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $name = rl_name();
    /* 2 per second: the bucket (or window) is empty after 2, a token comes back in 0.5 s (the window in 1 s). */
    $l->consume($name, 2, 1.0, 2, $policy);
    $before = lim_state($raw, lim_key($name));
    $t = microtime(true);
    $r = $l->wait($name, 2, 1.0, 1, $policy, null, 0.2);
    $took = microtime(true) - $t;
    echo "$policy: false: ", lim_yes($r === false, $r), ', at once: ', lim_yes($took < 0.05, $took),
        ', nothing consumed: ', lim_yes(lim_state($raw, lim_key($name)) === $before), "\n";
    $t = microtime(true);
    $r = $l->wait($name, 2, 1.0, 1, $policy, null, 1.5);
    $took = microtime(true) - $t;
    $expected = $policy === 'token_bucket' ? 0.5 : 1.0;
    echo "  admitted after about $expected s: ", lim_yes(is_array($r) && $r['allowed'] && $took > $expected - 0.05 && $took < $expected + 0.05, [$took, $r]), "\n";
}
?>
--EXPECT--
token_bucket: false: yes, at once: yes, nothing consumed: yes
  admitted after about 0.5 s: yes
fixed_window: false: yes, at once: yes, nothing consumed: yes
  admitted after about 1 s: yes
