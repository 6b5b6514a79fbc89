--TEST--
RedisRateLimiter::wait(): a reset() while a caller waits for its place makes that wait throw RedisLockServerException when the place comes, and the limit starts afresh
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$name = rl_name();
$l = lim_new();
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $n = "$name:$policy";
    /* One per 3 s: the child must take its place before the window ends, which a
     * loaded machine's slow fork does not miss by seconds. */
    $l->consume($n, 1, 3, 1, $policy);
    $dir = rl_env('REDISLOCK_TEST_TMP');
    $file = "$dir/reset-" . getmypid() . "-$policy";
    $pid = l4_fork(function () use ($n, $policy, $file) {
        try {
            $r = lim_new()->wait($n, 1, 3, 1, $policy, null, 30);
            file_put_contents($file, 'returned ' . json_encode($r));
        } catch (Throwable $e) {
            file_put_contents($file, get_class($e) . ': ' . $e->getMessage());
        }
        return 0;
    });
    echo 'queued: ', lim_yes(l4_until(fn () => ($l->inspect($n)['backlog'] ?? 0) > 0, l4_bound(30))), "\n";
    var_dump($l->reset($n));
    echo implode(',', l4_wait([$pid], l4_bound(30))), "\n";
    $out = (string) file_get_contents($file);
    unlink($file);
    echo "$policy: ", lim_yes(str_starts_with($out, 'RedisLockServerException: rate limiter "') && str_contains($out, 'lost the place'), $out), "\n";
    echo '  the limit starts afresh: ', lim_yes($l->consume($n, 1, 3, 1, $policy)['allowed']), "\n";
}
?>
--EXPECT--
queued: yes
bool(true)
0
token_bucket: yes
  the limit starts afresh: yes
queued: yes
bool(true)
0
fixed_window: yes
  the limit starts afresh: yes
