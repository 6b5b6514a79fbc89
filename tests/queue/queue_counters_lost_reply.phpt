--TEST--
RedisQueue counters: an ack whose reply is lost is never counted twice, however often it is sent again (a plain ack retried, a deferred ack resent)
--DESCRIPTION--
The server is stalled past read_timeout (DEBUG SLEEP) while an ack is sent, so
its reply is lost. Zset layout: ack() throws; the caller's second ack() of the
same reservation answers false when the first ran (whose count went with its
lost reply: never added twice) and true when it did not (then it counts).
Stream layout: the deferred ack goes in the write of the next reserve(), which
throws; the object keeps the ack and sends it again with the reserve() after.
An ack counts only when a reply says it ran: at most once, timed.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require_once __DIR__ . '/../harness/fault_test.inc';
$srv = new FaultServer(['--enable-debug-command', 'local']);
$raw = $srv->raw();
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = new RedisQueue($srv->options(['read_timeout' => 0.2]));
    $q->enqueue($name, ['a', 'b']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $t = $q->reserve($name, 1, 60);
    $stall = $srv->stall(1.0);
    try {
        if ($layout === 'zset') {
            $q->ack($name, $t['id'], $t['receipt']);
        } else {
            $q->ack($name, $t['id'], $t['receipt'], true);            // kept
            $q->reserve($name, 1, 60);                                // sent in its write
        }
        echo "$layout: answered\n";
    } catch (RedisLockException $e) {
        echo "$layout: ", get_class($e), "\n";
    }
    rl_stall_wait($stall);
    // Sent again: refused when the first ran (before it, on the server), or it runs now.
    if ($layout === 'zset') {
        $again = $q->ack($name, $t['id'], $t['receipt']);
    } else {
        $again = $q->reserve($name, 1, 60);                           // the ack again, then a task
    }
    $c = $q->stats($name)['counts'];
    $size = $q->size($name);
    // Zset: the second ack answers true when the first never ran (then it counts),
    // false when it had (its count is lost with its reply, never added twice).
    $want = $layout === 'zset' ? ($again === true ? 1 : 0) : null;
    rq_check(($want === null ? $c['processed'] <= 1 : $c['processed'] === $want) && $c['durations']['+Inf'] === $c['processed']
        && $size['inflight'] <= 1 && $size['due'] + $size['inflight'] === 1, "$layout: the ack ran once and is never counted twice", [$again, $c, $size]);
}
?>
--EXPECT--
zset: RedisLockTimeoutException
ok: zset: the ack ran once and is never counted twice
stream: RedisLockTimeoutException
ok: stream: the ack ran once and is never counted twice
