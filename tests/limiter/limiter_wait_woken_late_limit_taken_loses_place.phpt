--TEST--
RedisRateLimiter::wait(): a waiter woken more than one interval late, after its state ran out and other callers took the limit of a new one, is not admitted on top of them
--DESCRIPTION--
On a token bucket and on a fixed window of 1 per 1 s, a consume() takes the
token and a second process wait()s: its place is 1 s ahead. The waiter is
stopped (SIGSTOP) before its place comes; the state runs out by itself at the
end of what the place reserved, and only then another caller consumes, which
starts a state born after that end and takes its limit. Let go more than one
interval late, the waiter is not admitted: what its place paid for was counted
in a state that no longer decides, and admitting it now would pass the limit of
now beside that caller: it throws "lost the place". (With room in the state of now, a late waiter is admitted and counted
there: limiter_wait_woken_late_keeps_place.) The same when reset() forgot the
place while the waiter was stopped and the callers came after the place's end.
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
$raw = new RawRedis();
$dir = rl_env('REDISLOCK_TEST_TMP') . '/late-new-' . getmypid();
@mkdir($dir, 0700, true);
$serverSeconds = fn (): float => (fn (array $t): float => (int) $t[0] + (int) $t[1] / 1e6)($raw->call('TIME'));
foreach ([['token_bucket', 'ran out'], ['fixed_window', 'ran out'], ['token_bucket', 'reset'], ['fixed_window', 'reset']] as [$policy, $how]) {
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
            $out = get_class($e) . (str_contains($e->getMessage(), 'lost the place') ? ': lost the place' : ': ' . $e->getMessage());
        }
        file_put_contents("$dir/$policy", $out);
        return 0;
    });
    $reserved = l4_until(fn () => (lim_state($raw, $key)['value'] ?? null) !== $before, 10.0);
    $at = $serverSeconds();
    l4_signal($pid, 'STOP');
    if ($how === 'reset') {
        /* reset() forgets the place; the callers come after its end (at most 2 s on). */
        $l->reset($name);
        $expired = l4_until(fn () => $serverSeconds() > $at + 2.1, 10.0);
    } else {
        $expired = l4_until(fn () => $raw->call('EXISTS', $key) === 0, 10.0);
    }
    $r = $l->consume($name, 1, 1.0, 1, $policy);
    l4_signal($pid, 'CONT');
    echo "$policy: reserved ", lim_yes($reserved), ", state $how ", lim_yes($expired), ', a new one started ',
        lim_yes($r['allowed']), ', exit ', implode(',', l4_wait([$pid], 30.0)), "\n";
    echo "$policy: ", file_get_contents("$dir/$policy"), "\n";
    unlink("$dir/$policy");
}
rmdir($dir);
?>
--EXPECT--
token_bucket: reserved yes, state ran out yes, a new one started yes, exit 0
token_bucket: RedisLockServerException: lost the place
fixed_window: reserved yes, state ran out yes, a new one started yes, exit 0
fixed_window: RedisLockServerException: lost the place
token_bucket: reserved yes, state reset yes, a new one started yes, exit 0
token_bucket: RedisLockServerException: lost the place
fixed_window: reserved yes, state reset yes, a new one started yes, exit 0
fixed_window: RedisLockServerException: lost the place
