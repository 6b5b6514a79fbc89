--TEST--
RedisQueue counters: an ack whose reply is lost counts once, however often it is sent again (a plain ack retried, a deferred ack resent)
--DESCRIPTION--
The server runs each ack after the client gave up on it (a stall longer than
read_timeout: DEBUG SLEEP), so the ack's reply is lost. Zset layout: ack()
throws; the caller's second ack() of the same reservation answers false and
counts nothing when the first ran, true and counts when it did not. Stream layout: the deferred
ack goes in the write of the next reserve(), which throws; the object keeps the
ack and sends it again with the reserve() after. Whichever of the two runs first
on the server counts; the other finds the run ended. Each run is counted once as
processed, with its duration (measured when ack() was called).
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
    rq_check($c['processed'] === 1 && $c['durations']['+Inf'] === 1, "$layout: the ack ran once and counts once, timed", [$again, $c]);
}
?>
--EXPECT--
zset: RedisLockTimeoutException
ok: zset: the ack ran once and counts once, timed
stream: RedisLockTimeoutException
ok: stream: the ack ran once and counts once, timed
