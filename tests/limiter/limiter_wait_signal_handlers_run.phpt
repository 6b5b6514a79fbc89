--TEST--
RedisRateLimiter::wait(): PHP's async signal handlers run during the sleep until the place, which still ends at its place; a handler that throws ends it before the place
--DESCRIPTION--
A token bucket of 1 per 2 s, emptied: the place of the next caller is 2 s after
that consume, on the server's clock, which is this host's. Three signals are
sent during the wait: each handler runs after its signal was sent and before the
wait returns (a handler held off until the call returns would run after it),
and the wait still returns at its place, not before. A handler that throws ends
the wait with its exception before the place comes. How soon after its signal a
handler runs is the machine's to keep (a benchmark figure).
--FILE--
<?php
require __DIR__ . '/../harness/limiter_test.inc';
pcntl_async_signals(true);
$name = rl_name();
$raw = new RawRedis();
$l = lim_new();
$got = [];
pcntl_signal(SIGUSR1, function () use (&$got) { $got[] = microtime(true); });
$parent = getmypid();
$report = "$name:sent";
$t0 = microtime(true);
$l->consume($name, 1, 2.0);
$sender = l4_fork(function () use ($parent, $report) {
    $raw = new RawRedis();
    for ($i = 0; $i < 3; $i++) {
        usleep(200000);
        $raw->call('RPUSH', $report, sprintf('%.6f', microtime(true)));
        l4_signal($parent, 'USR1');
    }
    return 0;
});
$r = $l->wait($name, 1, 2.0, 1, 'token_bucket', null, 5);
$end = microtime(true);
l4_wait([$sender], 30);
$sent = array_map('floatval', (array) $raw->call('LRANGE', $report, '0', '-1'));
echo 'admitted at its place, 2 s on: ', lim_yes(is_array($r) && $r['allowed'] && $end >= $t0 + 2.0, [$end - $t0, $r]), "\n";
echo 'and not a waiting round late (1.5 s): ', lim_yes($end < $t0 + 3.5, $end - $t0), "\n";
$order = count($got) === 3 && count($sent) === 3;
for ($i = 0; $order && $i < 3; $i++) {
    $order = $got[$i] >= $sent[$i] && $got[$i] < $end;
}
echo 'three handlers ran, each after its signal, during the wait: ', lim_yes($order, [$sent, $got, $end]), "\n";

pcntl_signal(SIGUSR1, function () { throw new RuntimeException('stop waiting'); });
$sender = l4_fork(function () use ($parent) { usleep(200000); l4_signal($parent, 'USR1'); return 0; });
$t = microtime(true);
try {
    $l->wait($name, 1, 2.0, 1, 'token_bucket', null, 5);
    echo "no exception\n";
} catch (RuntimeException $e) {
    /* The place was 2 s or more away when the wait began. */
    echo get_class($e), ': ', $e->getMessage(), ', before the place: ', lim_yes(microtime(true) - $t < 2.0), "\n";
}
l4_wait([$sender], 30);
$raw->call('DEL', $report);
?>
--EXPECT--
admitted at its place, 2 s on: yes
and not a waiting round late (1.5 s): yes
three handlers ran, each after its signal, during the wait: yes
RuntimeException: stop waiting, before the place: yes
