--TEST--
RedisRateLimiter: one key per name, a string of integers only (µs, counts) after its policy, that expires once the limiter is back to its full capacity
--DESCRIPTION--
The key holds "<policy>:<limit>:<interval µs>:<burst>:<state>", the state's
integers joined by ':' (token bucket: the TAT in µs rounded up, the ps it was
rounded up by and the state's birth; fixed window: the window's start, its hits,
0 (no waiter holds a place ahead) and the state's birth; sliding window: the
window's start, its hits and those of the window before), in the forms of the
release before ('t', 'f', 's'). A Unix time in µs has 16 digits: written by Lua's own
number-to-string it would lose its last ones (1.7e+15), so the test checks that
every number is an integer written whole.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach (['token_bucket' => [0.5, 't', 6], 'fixed_window' => [0.5, 'f', 7], 'sliding_window' => [1.0, 's', 6]] as $policy => [$life, $code, $count]) {
    $name = rl_name();
    $l->consume($name, 10, 0.5, 5, $policy);
    $s = lim_state($raw, lim_key($name));
    $ints = array_filter($s['numbers'], fn ($v) => preg_match('/^\d+$/', $v) === 1);
    $ttl = $raw->call('PTTL', lim_key($name));
    echo "$policy: integers only: ", lim_yes($s['policy'] === $code && count($ints) === $count && count($s['numbers']) === $count, $s),
        ', a µs time of 16 digits kept whole: ', lim_yes(strlen($s['numbers'][3]) === 16, $s['value']),
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
