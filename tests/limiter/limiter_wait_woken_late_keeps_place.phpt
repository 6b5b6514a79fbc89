--TEST--
RedisRateLimiter::wait(): a waiter woken after the state its place was reserved in has run out (a stopped process, a loaded machine) is admitted, not told its place was lost
--DESCRIPTION--
On a token bucket and on a fixed window of 1 per 2 s, a first consume() takes
the token and a second process wait()s: its place is 2 s ahead. That process is
stopped (SIGSTOP) before its place comes, and let go only once the limiter's
state has expired on the server by itself, which it does at the end of what the
place reserved. The place was counted and kept to its end: the waiter is
admitted. A server that loses the state before then (a restart, a reset()) still
loses the place: limiter_server_restarted_mid_wait_place_lost.phpt and
limiter_reset.phpt.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$dir = rl_env('REDISLOCK_TEST_TMP') . '/late-' . getmypid();
@mkdir($dir, 0700, true);
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $name = rl_name($policy);
    $key = lim_key($name);
    $l = lim_new();
    $l->consume($name, 1, 2.0, 1, $policy);
    $before = lim_state($raw, $key)['value'];
    $pid = l4_fork(function () use ($name, $policy, $dir) {
        try {
            $r = lim_new()->wait($name, 1, 2.0, 1, $policy, null, 10);
            $out = is_array($r) && $r['allowed'] === true ? 'admitted' : 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$policy", $out);
        return 0;
    });
    /* The place is reserved once the state moved past the consume's. */
    $reserved = l4_until(fn () => (lim_state($raw, $key)['value'] ?? null) !== $before, 10.0);
    l4_signal($pid, 'STOP');
    /* The place was still ahead when the waiter stopped: by the server's clock, at
     * least 1 s of the 2 s before it remained (the waiter sleeps until then). */
    $t = $raw->call('TIME');
    $now = (int) $t[0] * 1000000 + (int) $t[1];
    $state = lim_state($raw, $key);
    $numbers = array_map('intval', $state['numbers'] ?? []);
    $place = $policy === 'token_bucket' ? $numbers[3] - 2000000 : $numbers[3] + 2000000;
    echo "$policy: reserved ", lim_yes($reserved), ', stopped before its place ', lim_yes($now < $place, [$now, $state]), "\n";
    /* Let go only after the state ran out by itself (its PX: the end of the place). */
    $expired = l4_until(fn () => $raw->call('EXISTS', $key) === 0, 10.0);
    l4_signal($pid, 'CONT');
    echo "$policy: state expired while stopped ", lim_yes($expired), ', exit ', implode(',', l4_wait([$pid], 30.0)), "\n";
    echo "$policy: ", file_get_contents("$dir/$policy"), "\n";
    unlink("$dir/$policy");
}
rmdir($dir);
?>
--EXPECT--
token_bucket: reserved yes, stopped before its place yes
token_bucket: state expired while stopped yes, exit 0
token_bucket: admitted
fixed_window: reserved yes, stopped before its place yes
fixed_window: state expired while stopped yes, exit 0
fixed_window: admitted
