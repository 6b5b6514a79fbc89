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
$r = $l->wait($name, 1, 2.0, 1, 'token_bucket', null, 30);
$end = microtime(true);
l4_wait([$sender], 30);
$sent = array_map('floatval', (array) $raw->call('LRANGE', $report, '0', '-1'));
echo 'admitted at its place, 2 s on: ', lim_yes(is_array($r) && $r['allowed'] && $end >= $t0 + 2.0, [$end - $t0, $r]), "\n";
/* Not at the wait's 30 s timeout: the bound, 10 s after the place, is far from both. */
echo 'and not at the end of the wait: ', lim_yes($end < $t0 + 12, $end - $t0), "\n";
$order = count($got) === 3 && count($sent) === 3;
for ($i = 0; $order && $i < 3; $i++) {
    $order = $got[$i] >= $sent[$i] && $got[$i] < $end;
}
echo 'three handlers ran, each after its signal, during the wait: ', lim_yes($order, [$sent, $got, $end]), "\n";

pcntl_signal(SIGUSR1, function () { throw new RuntimeException('stop waiting'); });
$sender = l4_fork(function () use ($parent) { usleep(200000); l4_signal($parent, 'USR1'); return 0; });
/* A place 60 s away (1 per 60 s, emptied), within a 90 s wait. */
$l->consume("$name:far", 1, 60.0);
$t = microtime(true);
try {
    $l->wait("$name:far", 1, 60.0, 1, 'token_bucket', null, 90);
    echo "no exception\n";
} catch (RuntimeException $e) {
    /* The place was 60 s away when the wait began: half of that is far from both. */
    echo get_class($e), ': ', $e->getMessage(), ', before the place: ', lim_yes(microtime(true) - $t < 30, microtime(true) - $t), "\n";
}
l4_wait([$sender], 30);
$raw->call('DEL', $report, lim_key("$name:far"));
?>
--EXPECT--
admitted at its place, 2 s on: yes
and not at the end of the wait: yes
three handlers ran, each after its signal, during the wait: yes
RuntimeException: stop waiting, before the place: yes
