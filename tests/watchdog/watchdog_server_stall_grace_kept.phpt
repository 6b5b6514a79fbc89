--TEST--
Watchdog: a renewal read after a server stall longer than the lease still renews a hold that a waiter has not taken over, and never while the waiter holds it
--DESCRIPTION--
While a process waits for the lock, the key outlives its holder's deadline by a
grace of 2.5 s and still names the holder. The server stalls for 1.6 s (DEBUG
SLEEP) with a lease of 1 s. After the stall the server reads the renewal the
holder's watchdog sent during it and the waiter's attempt in an order of its
own: when the renewal comes first the hold is kept, otherwise the waiter takes
over. Five trials: each is one or the other, never both (held after the stall
means the waiter has not had its turn and unlock() is true; lost means unlock()
is false), and at least one keeps the hold (before renewals past the deadline
were allowed, none of 10 did; with them, 10 of 10 on a quiet machine). Without a
waiter the key has expired by then: watchdog_server_stall_loses.
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
$server = new FaultServer(['--enable-debug-command', 'yes']);
$raw = $server->raw();
$kept = 0;
for ($trial = 0; $trial < 5; $trial++) {
    $name = rl_name();
    $lock = new RedisLock($server->options(['watchdog' => ['lease' => 1.0]]));
    $lock->lock($name, 0, 60);
    $waiter = l4_fork(function () use ($server, $name) {
        $w = new RedisLock($server->options());
        $ok = $w->lock($name, 15, 5);
        (new RawRedis($server->port))->call('SET', "$name:turn", 'waiter');
        return $ok && $w->unlock($name) ? 0 : 3;
    });
    l4_until(fn() => ($lock->inspect($name)['waiters'] ?? 0) === 1);
    $stall = stream_socket_client('tcp://127.0.0.1:' . $server->port, $errno, $errstr, 2.0);
    fwrite($stall, "*3\r\n\$5\r\nDEBUG\r\n\$5\r\nSLEEP\r\n\$3\r\n1.6\r\n");
    stream_set_timeout($stall, 10);
    $reply = trim((string) fgets($stall));
    usleep(300000);
    $held = $lock->isLocking($name);
    $turnBefore = $raw->call('GET', "$name:turn");
    $unlocked = $lock->unlock($name);
    $codes = l4_wait([$waiter], 20);
    $turn = $raw->call('GET', "$name:turn");
    $consistent = $held ? $turnBefore === null && $unlocked : !$unlocked;
    $kept += (int) $held;
    if ($reply !== '+OK' || !$consistent || $turn !== 'waiter' || $codes !== [0]) {
        echo "trial $trial: ", json_encode([$reply, $held, $turnBefore, $unlocked, $turn, $codes]), "\n";
    }
}
echo $kept >= 1 ? "kept at least once\n" : "never kept\n";
?>
--EXPECT--
kept at least once
