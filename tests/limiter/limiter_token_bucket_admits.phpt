--TEST--
RedisRateLimiter::consume(): a token bucket of 5 per second admits its burst of 5 at once, refuses the 6th with the time until a token comes back, and admits again after it
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$name = rl_name();
$l = new RedisRateLimiter(rl_dsn());
for ($i = 0; $i < 5; $i++) {
    $r = $l->consume($name, 5, 1.0);
    echo $r['allowed'] ? 'allowed' : 'refused', ' remaining ', $r['remaining'], ' limit ', $r['limit'], "\n";
}
$r = $l->consume($name, 5, 1.0);
var_dump($r['allowed'], $r['remaining']);
echo 'retry_after about 0.2 s: ', ($r['retry_after'] > 0.18 && $r['retry_after'] <= 0.2) ? 'yes' : "no ({$r['retry_after']})", "\n";
echo 'reset_after about 1 s: ', ($r['reset_after'] > 0.95 && $r['reset_after'] <= 1.0) ? 'yes' : "no ({$r['reset_after']})", "\n";
usleep((int) ($r['retry_after'] * 1e6) + 2000);
$r = $l->consume($name, 5, 1.0);
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
retry_after about 0.2 s: yes
reset_after about 1 s: yes
bool(true)
int(0)
float(0)
