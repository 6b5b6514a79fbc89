--TEST--
RedisRateLimiter: a stepped bucket whose places reserved ahead pass 10^14 tokens keeps a state of integers, and the next consume() answers
--DESCRIPTION--
The tokens used (above the burst: places reserved ahead, which a wait() its
caller abandons leaves spent) are written with %d: Lua's own number-to-string
keeps 14 digits and wrote "1.00000999e+14", a state no release parses (WRONGTYPE
for every call until the key expired). The state is put at 99,999,999,000,000
used by hand (for real, 10^5 places of 10^9 tokens), then one wait() of 10^9
tokens reserves its place and is abandoned by a signal handler that throws.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
$name = rl_name();
$key = lim_key($name);
$l->consume($name, 1000000000, 1.0, 1, 'stepped_bucket', 1000000000);
[$p, $lim, $iv, $b, $timer, $used, $birth] = explode(':', $raw->call('GET', $key));
$raw->call('SET', $key, "$p:$lim:$iv:$b:$timer:99999999000000:$birth", 'PX', '600000');
pcntl_async_signals(true);
pcntl_signal(SIGALRM, function () {
    throw new RuntimeException('the wait abandoned');
});
pcntl_alarm(1);
try {
    $l->wait($name, 1000000000, 1.0, 1000000000, 'stepped_bucket', 1000000000, 1000000000);
    echo "the wait returned\n";
} catch (RuntimeException $e) {
    echo $e->getMessage(), "\n";
}
$after = explode(':', $raw->call('GET', $key));
echo 'the place counted, as an integer: ', lim_yes($after[5] === '100000999000000', $after), "\n";
$r = $l->consume($name, 1000000000, 1.0, 1, 'stepped_bucket', 1000000000);
echo 'a consume() answers: ', lim_yes($r['allowed'] === false, $r), "\n";
$raw->call('DEL', $key);
?>
--EXPECT--
the wait abandoned
the place counted, as an integer: yes
a consume() answers: yes
