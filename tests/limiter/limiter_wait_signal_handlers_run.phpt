--TEST--
RedisRateLimiter::wait(): PHP's async signal handlers run during the sleep until the place, within 60 ms of their signal, and the wait still ends at its place; a handler that throws ends it
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
pcntl_async_signals(true);
$name = rl_name();
$l = lim_new();
$l->consume($name, 1, 1.0);
$got = [];
pcntl_signal(SIGUSR1, function () use (&$got) { $got[] = microtime(true); });
$parent = getmypid();
$sent = microtime(true);
$sender = l4_fork(function () use ($parent) {
    for ($i = 0; $i < 3; $i++) {
        usleep(200000);
        l4_signal($parent, 'USR1');
    }
    return 0;
});
$r = $l->wait($name, 1, 1.0, 1, 'token_bucket', null, 2);
$took = microtime(true) - $sent;
l4_wait([$sender]);
echo 'admitted at its place, 1 s on: ', lim_yes(is_array($r) && $r['allowed'] && $took > 0.95 && $took < 1.05, [$took, $r]), "\n";
$late = array_map(fn ($i, $t) => round($t - $sent - 0.2 * ($i + 1), 3), array_keys($got), $got);
echo 'three handlers ran, each within 60 ms: ', lim_yes(count($got) === 3 && max($late) < 0.06, $late), "\n";

pcntl_signal(SIGUSR1, function () { throw new RuntimeException('stop waiting'); });
$sender = l4_fork(function () use ($parent) { usleep(200000); l4_signal($parent, 'USR1'); return 0; });
$t = microtime(true);
try {
    $l->wait($name, 1, 1.0, 1, 'token_bucket', null, 2);
    echo "no exception\n";
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), ', after about 0.2 s: ', lim_yes(microtime(true) - $t < 0.4), "\n";
}
l4_wait([$sender]);
?>
--EXPECT--
admitted at its place, 1 s on: yes
three handlers ran, each within 60 ms: yes
RuntimeException: stop waiting, after about 0.2 s: yes
