--TEST--
RedisRateLimiter: one key per name, a hash of integers only (µs, counts), that expires once the limiter is back to its full capacity
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket' => 0.5, 'fixed_window' => 0.5, 'sliding_window' => 1.0] as $policy => $life) {
    $name = rl_name();
    $l->consume($name, 10, 0.5, 5, $policy);
    $h = lim_hash($raw, lim_key($name));
    $numbers = array_diff_key($h, ['policy' => 1]);
    $ints = array_filter($numbers, fn ($v) => preg_match('/^-?\d+$/', $v) === 1);
    $ttl = $raw->call('PTTL', lim_key($name));
    echo "$policy: integers only: ", lim_yes(count($ints) === count($numbers) && count($numbers) === 7, $h),
        ', a µs time of 16 digits kept whole: ', lim_yes(strlen($h['a']) === 16, $h['a']),
        ", expires within $life s: ", lim_yes($ttl > 0 && $ttl <= $life * 1000 + 1, $ttl), "\n";
    $keys = (array) $raw->call('KEYS', '*' . $name . '*');
    echo '  one key: ', lim_yes($keys === [lim_key($name)], $keys), "\n";
}
usleep(1100000);
echo 'all gone: ', lim_yes($raw->call('KEYS', '*' . basename(__FILE__, '.php') . ':' . getmypid() . ':*') === []), "\n";
?>
--EXPECT--
token_bucket: integers only: yes, a µs time of 16 digits kept whole: yes, expires within 0.5 s: yes
  one key: yes
fixed_window: integers only: yes, a µs time of 16 digits kept whole: yes, expires within 0.5 s: yes
  one key: yes
sliding_window: integers only: yes, a µs time of 16 digits kept whole: yes, expires within 1 s: yes
  one key: yes
all gone: yes
