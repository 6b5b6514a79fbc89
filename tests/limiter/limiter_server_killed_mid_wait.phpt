--TEST--
RedisRateLimiter::wait(): a server killed while callers wait for their places gives each, when its place comes, a RedisLockConnectionException naming the server
--DESCRIPTION--
Three processes wait on a token bucket of 1 per second that is empty: their
places are 1, 2 and 3 s ahead. The server is killed once all three have their
places (the TAT moved three seconds on the server, and their replies have left
it), well before the first comes.
Each waiter, when its place comes, checks its place with the server and cannot
reach it: it throws RedisLockConnectionException naming the server, at its
place, not before (on this host's clock, which is the server's: the k-th to end
does not end before the parent's consume plus k seconds).
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$l = new RedisRateLimiter($server->options());
$t0 = microtime(true);
$l->consume($name, 1, 1.0);
$l = null;   // its connection gone: the scripts' clients in CLIENT LIST below are the waiters'
$tat0 = lim_tat($raw, lim_key($name));
$dir = rl_env('REDISLOCK_TEST_TMP') . '/kill-' . getmypid();
@mkdir($dir, 0700, true);
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($i, $server, $name, $dir) {
        $l = new RedisRateLimiter($server->options());
        try {
            $r = $l->wait($name, 1, 1.0, 1, 'token_bucket', null, 30);
            $out = 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$i", json_encode([$out, microtime(true)]));
        return 0;
    });
}
var_dump(lim_until_reserved($raw, lim_key($name), $tat0, 3, 1.0));
/* The TAT moved when the last script ran, which can be before its reply left the
 * server: a kill then loses that reply, and its waiter (which never learnt its
 * place) throws at once, as a lost reply must. So the kill waits for the three
 * replies to have left. */
var_dump(lim_until_answered($raw, 3));
$server->kill();
echo implode(',', array_unique(l4_wait($pids, 60))), "\n";
$ends = [];
for ($i = 0; $i < 3; $i++) {
    [$out, $ends[]] = json_decode(file_get_contents("$dir/$i"), true);
    unlink("$dir/$i");
    echo "waiter $i: ", lim_yes(str_starts_with($out, 'RedisLockConnectionException: ') && str_contains($out, "127.0.0.1:{$server->port}"), $out), "\n";
}
sort($ends);
/* Which waiter asked first is the scheduler's; the k-th to end had the k-th place.
 * Not before it; and not at the wait's timeout (30 s), which a waiter that did not
 * check its place with the server would reach: the bound is far from both, so that
 * a loaded machine's late wake-up does not cross it. */
foreach ($ends as $k => $end) {
    $place = $t0 + ($k + 1);
    echo 'place ', $k + 1, ': not before it ', lim_yes($end >= $place, round($end - $place, 3)),
        ', nor 10 s after it ', lim_yes($end < $place + 10, round($end - $place, 3)), "\n";
}
rmdir($dir);
?>
--EXPECT--
bool(true)
bool(true)
0
waiter 0: yes
waiter 1: yes
waiter 2: yes
place 1: not before it yes, nor 10 s after it yes
place 2: not before it yes, nor 10 s after it yes
place 3: not before it yes, nor 10 s after it yes
