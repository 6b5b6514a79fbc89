--TEST--
RedisRateLimiter: a token bucket keeps its rate exact above 10^6 per second (10 MB/s counted in bytes, 10^9 per ms) and down to 1 per year: the time per token is not rounded up to a whole µs
--DESCRIPTION--
A full token bucket emptied at once is back to its full capacity after exactly
$burst * $interval / $limit: reset_after is that time for 10^7 per second, 10^9
per second, 10^9 per ms and 1 per year. Then the bucket of 10^7 per second
(10 MB/s in bytes) refills at that rate: between two readings of the server's
clock around a peek(), the tokens back are within what 10 per µs gives.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$l = lim_new();
foreach ([[10000000, 1.0], [1000000000, 1.0], [1000000000, 0.001], [1, 31536000.0], [1000, 1.0]] as [$limit, $interval]) {
    $r = $l->consume(rl_name(), $limit, $interval, $limit);
    printf("%d per %s s: allowed %s, reset_after %s\n", $limit, $interval, var_export($r['allowed'], true), var_export($r['reset_after'], true));
}
function server_us(RawRedis $raw): int
{
    $t = $raw->call('TIME');
    return (int) $t[0] * 1000000 + (int) $t[1];
}
$name = rl_name();
$l->consume($name, 10000000, 1.0, 10000000);
$emptied = lim_tat($raw, lim_key($name)) - 1000000;   // the TAT is 1 s after the consume
l4_until(fn () => server_us($raw) - $emptied >= 20000, 10.0);
$t1 = server_us($raw);
$back = $l->peek($name, 10000000, 1.0)['remaining'];
$t2 = server_us($raw);
echo '10 MB/s: tokens back within 10 per µs: ', lim_yes($back >= 10 * ($t1 - $emptied) && $back <= 10 * ($t2 - $emptied), [$back, $t1 - $emptied, $t2 - $emptied]), "\n";
?>
--EXPECT--
10000000 per 1 s: allowed true, reset_after 1.0
1000000000 per 1 s: allowed true, reset_after 1.0
1000000000 per 0.001 s: allowed true, reset_after 0.001
1 per 31536000 s: allowed true, reset_after 31536000.0
1000 per 1 s: allowed true, reset_after 1.0
10 MB/s: tokens back within 10 per µs: yes
