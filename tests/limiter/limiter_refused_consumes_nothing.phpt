--TEST--
RedisRateLimiter::consume(): a refused call changes nothing on the server, for each policy: the limiter's state and its time to live are as before
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket', 'fixed_window', 'sliding_window'] as $policy) {
    $name = rl_name();
    $key = lim_key($name);
    while ($l->consume($name, 3, 30, 1, $policy)['allowed']);
    $before = lim_state($raw, $key);
    $ttl = $raw->call('PTTL', $key);
    $refused = 0;
    for ($i = 0; $i < 20; $i++) {
        $refused += $l->consume($name, 3, 30, 1, $policy)['allowed'] ? 0 : 1;
    }
    $after = lim_state($raw, $key);
    echo "$policy: 20 refused: ", lim_yes($refused === 20), ', state unchanged: ', lim_yes($before === $after, [$before, $after]),
        ', ttl not renewed: ', lim_yes($raw->call('PTTL', $key) <= $ttl), "\n";
}
?>
--EXPECT--
token_bucket: 20 refused: yes, state unchanged: yes, ttl not renewed: yes
fixed_window: 20 refused: yes, state unchanged: yes, ttl not renewed: yes
sliding_window: 20 refused: yes, state unchanged: yes, ttl not renewed: yes
