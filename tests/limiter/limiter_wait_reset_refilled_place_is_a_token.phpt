--TEST--
RedisRateLimiter::wait(): a waiter whose place a reset() forgot is not admitted when callers refill the fresh state past its place before it wakes: 2 admitted at limit 2, not 3
--DESCRIPTION--
On a token bucket and a fixed window of 2 per 4 s, two consume()s take the
limit and a second process wait()s: its place is the next token (2 s ahead) or
the next window (4 s ahead). The waiter is stopped (SIGSTOP), the name is
reset(), and once the server's clock has reached the waiter's place two more
consume()s fill the fresh state: the state is now at or past the place,
although the place is counted nowhere in it. The waiter, let go, checks its
place: it was recorded in the state reset() forgot, not in the fresh one, so it
throws RedisLockServerException, and the fresh state admitted exactly its limit.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$dir = rl_env('REDISLOCK_TEST_TMP') . '/refill-' . getmypid();
@mkdir($dir, 0700, true);
function server_us(RawRedis $raw): int
{
    $t = $raw->call('TIME');
    return (int) $t[0] * 1000000 + (int) $t[1];
}
foreach (['token_bucket', 'fixed_window'] as $policy) {
    $name = rl_name($policy);
    $key = lim_key($name);
    $l = lim_new();
    $l->consume($name, 2, 4.0, 2, $policy);
    $before = lim_state($raw, $key)['value'];
    $pid = l4_fork(function () use ($name, $policy, $dir) {
        try {
            $r = lim_new()->wait($name, 2, 4.0, 1, $policy, null, 10);
            $out = is_array($r) && $r['allowed'] === true ? 'admitted' : 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$policy", $out);
        return 0;
    });
    $reserved = l4_until(fn () => (lim_state($raw, $key)['value'] ?? null) !== $before, 10.0);
    l4_signal($pid, 'STOP');
    /* The waiter's place: the bucket's TAT after it less the 4 s of a full
     * bucket, or the start of the window after the state's. */
    $at = (int) lim_state($raw, $key)['numbers'][3];
    $place = $policy === 'token_bucket' ? $at - 4000000 : $at + 4000000;
    var_dump($reserved, $l->reset($name));
    $came = l4_until(fn () => server_us($raw) >= $place, 10.0);
    $admitted = 0;
    for ($i = 0; $i < 3; $i++) {
        $admitted += $l->consume($name, 2, 4.0, 1, $policy)['allowed'] ? 1 : 0;
    }
    l4_signal($pid, 'CONT');
    echo "$policy: place came ", lim_yes($came), ", the fresh state admitted $admitted of 3, exit ",
        implode(',', l4_wait([$pid], 30.0)), "\n";
    $out = (string) file_get_contents("$dir/$policy");
    unlink("$dir/$policy");
    echo "$policy: waiter ", lim_yes(str_starts_with($out, 'RedisLockServerException: ') && str_contains($out, 'lost the place'), $out), "\n";
}
rmdir($dir);
?>
--EXPECT--
bool(true)
bool(true)
token_bucket: place came yes, the fresh state admitted 2 of 3, exit 0
token_bucket: waiter yes
bool(true)
bool(true)
fixed_window: place came yes, the fresh state admitted 2 of 3, exit 0
fixed_window: waiter yes
