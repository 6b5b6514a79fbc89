--TEST--
RedisRateLimiter::consume(): a token bucket of 5 per 5 s admits its burst of 5 at once, refuses the 6th with the time until a token comes back, and admits again after it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$l = new RedisRateLimiter(rl_dsn());
/* A token every second: the times the server gives are measured from the first
 * consume, so what they may be is bounded by the time the calls took on this
 * host's clock, not a fixed margin. */
$start = microtime(true);
for ($i = 0; $i < 5; $i++) {
    $r = $l->consume($name, 5, 5.0);
    echo $r['allowed'] ? 'allowed' : 'refused', ' remaining ', $r['remaining'], ' limit ', $r['limit'], "\n";
}
$r = $l->consume($name, 5, 5.0);
$took = microtime(true) - $start;
var_dump($r['allowed'], $r['remaining']);
echo 'retry_after about 1 s: ', ($r['retry_after'] >= 1.0 - $took && $r['retry_after'] <= 1.0) ? 'yes' : "no ({$r['retry_after']}, $took s)", "\n";
echo 'reset_after about 5 s: ', ($r['reset_after'] >= 5.0 - $took && $r['reset_after'] <= 5.0) ? 'yes' : "no ({$r['reset_after']}, $took s)", "\n";
usleep((int) ($r['retry_after'] * 1e6) + 2000);
$r = $l->consume($name, 5, 5.0);
var_dump($r['allowed'], $r['remaining'], $r['retry_after']);
?>
--EXPECT--
allowed remaining 4 limit 5
allowed remaining 3 limit 5
allowed remaining 2 limit 5
allowed remaining 1 limit 5
allowed remaining 0 limit 5
bool(false)
int(0)
retry_after about 1 s: yes
reset_after about 5 s: yes
bool(true)
int(0)
float(0)
