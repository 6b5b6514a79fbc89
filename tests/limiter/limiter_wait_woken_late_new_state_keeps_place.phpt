--TEST--
RedisRateLimiter::wait(): a waiter woken more than one interval late keeps its place when the state it was counted in ran out by itself and other callers started a new one after its end
--DESCRIPTION--
On a token bucket and on a fixed window of 1 per 1 s, a consume() takes the
token and a second process wait()s: its place is 1 s ahead. The waiter is
stopped (SIGSTOP) before its place comes; the state runs out by itself at the
end of what the place reserved, and only then another caller consumes, which
starts a state born after that end. Let go more than one interval late, the
waiter is admitted: its place was counted to its end in the state before, and
the new state was born after it (a state born before the end, after a reset()
or a lost state, never admits it: limiter_wait_reset_refilled_place_is_a_token).
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$dir = rl_env('REDISLOCK_TEST_TMP') . '/late-new-' . getmypid();
@mkdir($dir, 0700, true);
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $name = rl_name($policy);
    $key = lim_key($name);
    $l = lim_new();
    $l->consume($name, 1, 1.0, 1, $policy);
    $before = lim_state($raw, $key)['value'];
    $pid = l4_fork(function () use ($name, $policy, $dir) {
        try {
            $r = lim_new()->wait($name, 1, 1.0, 1, $policy, null, 10);
            $out = is_array($r) && $r['allowed'] === true ? 'admitted' : 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$policy", $out);
        return 0;
    });
    $reserved = l4_until(fn () => (lim_state($raw, $key)['value'] ?? null) !== $before, 10.0);
    l4_signal($pid, 'STOP');
    $expired = l4_until(fn () => $raw->call('EXISTS', $key) === 0, 10.0);
    $r = $l->consume($name, 1, 1.0, 1, $policy);
    l4_signal($pid, 'CONT');
    echo "$policy: reserved ", lim_yes($reserved), ', state ran out ', lim_yes($expired), ', a new one started ',
        lim_yes($r['allowed']), ', exit ', implode(',', l4_wait([$pid], 30.0)), "\n";
    echo "$policy: ", file_get_contents("$dir/$policy"), "\n";
    unlink("$dir/$policy");
}
rmdir($dir);
?>
--EXPECT--
token_bucket: reserved yes, state ran out yes, a new one started yes, exit 0
token_bucket: admitted
fixed_window: reserved yes, state ran out yes, a new one started yes, exit 0
fixed_window: admitted
