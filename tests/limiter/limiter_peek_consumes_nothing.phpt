--TEST--
RedisRateLimiter::peek(): answers whether the tokens would be allowed and how many are left, and consumes nothing, for each policy
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket', 'fixed_window', 'sliding_window'] as $policy) {
    $name = rl_name();
    $l->consume($name, 3, 30, 1, $policy);
    $before = lim_state($raw, lim_key($name));
    $peeks = [];
    for ($i = 0; $i < 5; $i++) {
        $peeks[] = $l->peek($name, 3, 30, 2, $policy);
    }
    $same = count(array_unique(array_map(fn ($p) => $p['allowed'] . '/' . $p['remaining'], $peeks))) === 1;
    echo "$policy: allowed ", var_export($peeks[0]['allowed'], true), ', remaining ', $peeks[0]['remaining'],
        ', all alike: ', lim_yes($same), ', state unchanged: ', lim_yes(lim_state($raw, lim_key($name)) === $before), "\n";
    $p = $l->peek($name, 3, 30, 3, $policy);
    echo "  3 tokens: allowed ", var_export($p['allowed'], true), ', retry_after > 0: ', lim_yes($p['retry_after'] > 0), "\n";
    $none = rl_name();
    $l->peek($none, 3, 30, 1, $policy);
    echo '  a peek of an unused name writes nothing: ', lim_yes($raw->call('EXISTS', lim_key($none)) === 0), "\n";
}
?>
--EXPECT--
token_bucket: allowed true, remaining 2, all alike: yes, state unchanged: yes
  3 tokens: allowed false, retry_after > 0: yes
  a peek of an unused name writes nothing: yes
fixed_window: allowed true, remaining 2, all alike: yes, state unchanged: yes
  3 tokens: allowed false, retry_after > 0: yes
  a peek of an unused name writes nothing: yes
sliding_window: allowed true, remaining 2, all alike: yes, state unchanged: yes
  3 tokens: allowed false, retry_after > 0: yes
  a peek of an unused name writes nothing: yes
