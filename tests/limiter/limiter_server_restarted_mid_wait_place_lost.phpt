--TEST--
RedisRateLimiter::wait(): a server restarted empty while callers wait for their places gives each a RedisLockServerException saying its place was lost, and no place is asked for twice
--DESCRIPTION--
Three processes wait on a token bucket of 1 per second with a burst of 10 whose
state the test sets 13 s ahead: their places are 4, 5 and 6 s ahead, and each
place counts until 10 s after it (the TAT after it). The server is killed once
all three have them (and no answer is left to send on their clients), and
started again, empty, long before the first place comes however slowly a loaded
machine forks the waiters and restarts the server; each waiter, when its place
comes, however late it wakes within those 10 s, reads the limiter's state again
and finds that the server no longer holds it: it throws RedisLockServerException
naming the server. MONITOR on the restarted server shows each waiter's check and
no reservation sent again. (With places 1, 2 and 3 s after a consume(), a loaded
machine restarted the server after the first place had come: that waiter's check
met the server being killed or down, a RedisLockConnectionException.)
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/limiter_test.inc';
$server = new FaultServer();
$name = rl_name();
/* The state as the script writes it: head, TAT (µs), the ps it was rounded up by, birth. */
$time = $server->raw()->call('TIME');
$now = (int) $time[0] * 1000000 + (int) $time[1];
$tat0 = $now + 13000000;
$server->raw()->call('SET', lim_key($name), "t:1:1000000:10:$tat0:0:$now", 'PX', '30000');
$dir = rl_env('REDISLOCK_TEST_TMP') . '/kill-' . getmypid();
@mkdir($dir, 0700, true);
$pids = [];
for ($i = 0; $i < 3; $i++) {
    $pids[] = l4_fork(function () use ($i, $server, $name, $dir) {
        $l = new RedisRateLimiter($server->options());
        try {
            $r = $l->wait($name, 1, 1.0, 1, 'token_bucket', 10, 20);
            $out = 'returned ' . json_encode($r);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$i", $out);
        return 0;
    });
}
/* Restarted once all three have their places (the TAT moved 3 s) and their answers. */
var_dump(lim_until_reserved($server->raw(), lim_key($name), $tat0, 3, 1.0));
var_dump(lim_until_answered($server->raw(), 3));
$server->kill();
$server->start();
$monitor = stream_socket_client('tcp://127.0.0.1:' . $server->port, $errno, $errstr, 2);
fwrite($monitor, "MONITOR\r\n");
fgets($monitor);
echo implode(',', array_unique(l4_wait($pids, 30))), "\n";
for ($i = 0; $i < 3; $i++) {
    $out = file_get_contents("$dir/$i");
    unlink("$dir/$i");
    echo "waiter $i: ", lim_yes(str_starts_with($out, 'RedisLockServerException: ') && str_contains($out, "127.0.0.1:{$server->port} lost the place"), $out), "\n";
}
rmdir($dir);
/* Every waiter has ended, so its check was logged: read until the three are seen. */
stream_set_blocking($monitor, false);
$seen = '';
$checks = [[], []];
l4_until(function () use ($monitor, &$seen, &$checks) {
    $seen .= (string) stream_get_contents($monitor);
    preg_match_all('/\[0 ([0-9.:]+)\] "EVAL(?:SHA)?" .*"k\d+:\d+"\s*$/m', $seen, $checks);
    return count(array_unique($checks[1])) >= 3;
}, 10);
preg_match_all('/\[0 ([0-9.:]+)\] "EVAL(?:SHA)?" .*"k\d+:\d+"\s*$/m', $seen, $checks);
echo 'a check from each waiter: ', lim_yes(count(array_unique($checks[1])) === 3, $seen), "\n";
echo 'no reservation sent again: ', lim_yes(!str_contains($seen, '"r20000000"'), $seen), "\n";
echo 'the restarted server has no state for the name: ', lim_yes($server->raw()->call('EXISTS', lim_key($name)) === 0), "\n";
?>
--EXPECT--
bool(true)
bool(true)
0
waiter 0: yes
waiter 1: yes
waiter 2: yes
a check from each waiter: yes
no reservation sent again: yes
the restarted server has no state for the name: yes
