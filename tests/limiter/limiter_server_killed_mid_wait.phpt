--TEST--
RedisRateLimiter::wait(): a server killed while callers wait for their places gives each, when its place comes, a RedisLockConnectionException naming the server
--DESCRIPTION--
Three processes wait on a token bucket of 1 per 0.5 s that is empty: their
places are 0.5, 1 and 1.5 s ahead. The server is killed at 0.25 s. Each waiter,
when its place comes, checks its place with the server and cannot reach it: it
throws RedisLockConnectionException naming the server, at its place, not
before.
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$server = new FaultServer();
$name = rl_name();
$l = new RedisRateLimiter($server->options());
$l->consume($name, 1, 0.5);
$dir = rl_env('REDISLOCK_TEST_TMP') . '/kill-' . getmypid();
@mkdir($dir, 0700, true);
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($i, $server, $name, $dir) {
        usleep(20000 * $i);
        $l = new RedisRateLimiter($server->options());
        $t = microtime(true);
        try {
            $r = $l->wait($name, 1, 0.5, 1, 'token_bucket', null, 5);
            $out = 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$i", json_encode([$out, microtime(true) - $t]));
        return 0;
    });
}
usleep(250000);
$server->kill();
echo implode(',', array_unique(l4_wait($pids, l4_bound(10)))), "\n";
for ($i = 0; $i < 3; $i++) {
    [$out, $took] = json_decode(file_get_contents("$dir/$i"), true);
    unlink("$dir/$i");
    echo "waiter $i: ", lim_yes(str_starts_with($out, 'RedisLockConnectionException: ') && str_contains($out, "127.0.0.1:{$server->port}"), $out),
        ', at its place: ', lim_yes($took > 0.5 * ($i + 1) - 0.05 - 0.02 * $i && $took < 0.5 * ($i + 1) + 0.1, $took), "\n";
}
rmdir($dir);
?>
--EXPECT--
0
waiter 0: yes, at its place: yes
waiter 1: yes, at its place: yes
waiter 2: yes, at its place: yes
