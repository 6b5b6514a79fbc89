--TEST--
RedisLatch::await(): a server killed under blocked waiters makes each throw RedisLockConnectionException naming it, long before the timeout; a restart mid-wait neither hangs nor crashes one
--DESCRIPTION--
A server of the test's own (FaultServer). Two waiters in other processes block
in await(60 s) on a latch of count 1; once the server shows them blocked it is
killed. Each await() throws RedisLockConnectionException naming the server,
within 20 s (far from its 60 s timeout: the lost connection ends the BLMOVE).
Then the server is started again (no persistence, so the latch is gone) with a
new latch and a waiter blocked on it, and killed and restarted at once: the
waiter ends with a RedisLockConnectionException (its link broke) or false (the
latch is gone), never true, within 20 s; the parent's object, whose connection
the restart broke too, then works on the new server.
--FILE--
<?php
require __DIR__ . '/../harness/fault_test.inc';
require_once __DIR__ . '/../harness/latch_test.inc';
$server = new FaultServer();
$raw = $server->raw();
$name = rl_name();
$key = la_key($name);
$l = new RedisLatch($server->options());
var_dump($l->set($name, 1, 120));
$dir = rl_env('REDISLOCK_TEST_TMP') . '/latch-kill-' . getmypid();
@mkdir($dir, 0700, true);
$waiter = function (int $i) use ($server, $name, $dir) {
    return function () use ($i, $server, $name, $dir) {
        $l = new RedisLatch($server->options());
        $l->count($name);
        $t = microtime(true);
        try {
            $out = 'returned ' . var_export($l->await($name, 60), true);
        } catch (Throwable $e) {
            $out = get_class($e) . ': ' . $e->getMessage();
        }
        file_put_contents("$dir/$i", json_encode([$out, microtime(true) - $t]));
        return 0;
    };
};
$report = function (int $i, string $label) use ($dir) {
    [$out, $took] = json_decode((string) @file_get_contents("$dir/$i"), true) ?? ['nothing', 0];
    @unlink("$dir/$i");
    return [$out, $took];
};
/* Forks the waiters $is, until the server shows them all blocked in BLMOVE: every
 * client of this server is the test's own. */
$fork = function (array $is) use ($waiter, $server) {
    $pids = [];
    foreach ($is as $i) {
        $pids[] = l4_fork($waiter($i));
    }
    $raw = $server->raw();
    $ok = l4_until(fn () => preg_match_all('/\bflags=\S*b\S* .*\bcmd=blmove\b/', (string) $raw->call('CLIENT', 'LIST')) >= count($is), l4_bound(30));
    echo 'blocked: ', la_yes($ok, $raw->call('CLIENT', 'LIST')), "\n";
    return $pids;
};
$pids = $fork([0, 1]);
$server->kill();
echo 'exit: ', implode(',', l4_wait($pids, l4_bound(60))), "\n";
foreach ([0, 1] as $i) {
    [$out, $took] = $report($i, "waiter $i");
    echo "waiter $i: ", la_yes(str_starts_with($out, 'RedisLockConnectionException: ') && str_contains($out, "127.0.0.1:{$server->port}"), $out),
        ', not at its timeout: ', la_yes($took < 20, $took), "\n";
}

$server->start();
$raw = $server->raw();
echo 'the latch is gone with the server: ', var_export($raw->call('EXISTS', $key), true), "\n";
$l2 = new RedisLatch($server->options());
var_dump($l2->set($name, 1, 120));
$pids = $fork([2]);
$server->kill();
$server->start();
echo 'exit: ', implode(',', l4_wait($pids, l4_bound(60))), "\n";
[$out, $took] = $report(2, 'waiter 2');
echo 'waiter 2 after a restart: ', la_yes((str_starts_with($out, 'RedisLockConnectionException: ') || $out === 'returned false') && $took < 20, [$out, $took]), "\n";
$after = [];
foreach ([0, 1] as $try) {
    try {
        $after = [$l->count($name), $l->set($name, 0, 30), $l->await($name, 1)];
        break;
    } catch (RedisLockConnectionException $e) {
        /* The first call on a connection the restart broke may report it. */
        $after = [get_class($e)];
    }
}
echo 'the old object on the new server: ', json_encode($after), "\n";
rmdir($dir);
?>
--EXPECT--
bool(true)
blocked: yes
exit: 0,0
waiter 0: yes, not at its timeout: yes
waiter 1: yes, not at its timeout: yes
the latch is gone with the server: 0
bool(true)
blocked: yes
exit: 0
waiter 2 after a restart: yes
the old object on the new server: [false,true,true]
