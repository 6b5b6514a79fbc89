--TEST--
RedisRateLimiter::consume(): 32 processes hammering one token bucket of 20 per 0.2 s for 10 intervals: never more admissions than the burst plus one per 10 ms, and the rate is met
--DESCRIPTION--
GCRA admits n tokens in a span of time t only when n <= burst + t / (interval /
limit). Each admission is placed at the moment the server ran its script, on the
server's own clock (MONITOR's timestamp): counting, for every admission, those
within the interval that starts at it, and over the whole run, must stay within
the policy. The crowd keeps the bucket empty, so the run also admits at least
90% of what the policy allows.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
[$limit, $interval] = [20, 0.2];
$emission = $interval / $limit;
$run = lim_hammer($name, $limit, $interval, 'token_bucket', 32, 2.0);
$a = $run['admitted'];
echo 'every child ended well: ', lim_yes($run['codes'] === [0], $run['codes']), "\n";
echo 'every answer paired with its script on the server: ', lim_yes($run['matched']), "\n";
$n = count($a);
$span = max(array_column($a, 1)) - $a[0][0];
$allowed = $limit + floor($span / $emission);
echo 'the run admitted no more than the policy allows: ', lim_yes($n <= $allowed, "$n > $allowed"), "\n";
echo 'and at least 90% of it: ', lim_yes($n >= 0.9 * $allowed, "$n of $allowed"), "\n";
$worst = 0;
foreach ($a as $i => $first) {
    $in = 0;
    foreach ($a as $j => $other) {
        if ($other[0] >= $first[0] && $other[1] <= $first[0] + $interval) {
            $in++;
        }
    }
    $worst = max($worst, $in);
}
echo 'no interval admitted more than burst + limit: ', lim_yes($worst <= 2 * $limit, $worst), "\n";
?>
--EXPECT--
every child ended well: yes
every answer paired with its script on the server: yes
the run admitted no more than the policy allows: yes
and at least 90% of it: yes
no interval admitted more than burst + limit: yes
