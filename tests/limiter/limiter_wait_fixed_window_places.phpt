--TEST--
RedisRateLimiter::wait(): on a fixed window, waiters take places in the windows ahead in the order they ask, each window admitting its limit, and a consume() does not pass them
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$l = lim_new();
$start = microtime(true);
$l->consume($name, 2, 0.3, 2, 'fixed_window');
$dir = rl_env('REDISLOCK_TEST_TMP') . '/fw-' . getmypid();
@mkdir($dir, 0700, true);
$pids = [];
for ($i = 0; $i < 5; $i++) {
    $pids[] = l4_fork(function () use ($i, $name, $dir, $start) {
        time_sleep_until($start + 0.02 + 0.02 * $i);
        $r = lim_new()->wait($name, 2, 0.3, 1, 'fixed_window', null, 2);
        file_put_contents("$dir/$i", json_encode([microtime(true) - $start, $r['allowed'] ?? false]));
        return 0;
    });
}
time_sleep_until($start + 0.2);
$passed = $l->consume($name, 2, 0.3, 1, 'fixed_window');
echo 'a consume() while waiters hold places is refused: ', lim_yes(!$passed['allowed'], $passed), "\n";
echo implode(',', array_unique(l4_wait($pids, l4_bound(5)))), "\n";
$at = [];
for ($i = 0; $i < 5; $i++) {
    [$t, $ok] = json_decode(file_get_contents("$dir/$i"), true);
    unlink("$dir/$i");
    $at[$i] = round($t, 2);
}
rmdir($dir);
/* Windows of 0.3 s from the first hit: places at 0.3 (two), 0.6 (two), 0.9 (one). */
$want = [0.3, 0.3, 0.6, 0.6, 0.9];
$ok = true;
foreach ($at as $i => $t) {
    $ok = $ok && $t >= $want[$i] - 0.001 && $t <= $want[$i] + 0.02;
}
echo 'admitted at the start of their windows, in order: ', lim_yes($ok, $at), "\n";
?>
--EXPECT--
a consume() while waiters hold places is refused: yes
0
admitted at the start of their windows, in order: yes
