--TEST--
RedisQueue counters: runs acked as failed (ack(..., failed: true)) are counted by their own scripts, so a worker SIGKILLed right after three of them loses none, on both layouts
--DESCRIPTION--
Acks of runs that succeeded may be kept by the worker and sent with a later
write (a kill loses that second's counts); an ack of a failed run is counted in
its own script, as fail() is: a worker that acks three runs as failed within a
second, plain and deferred, and is then SIGKILLed leaves failed = 3 (the
deferred ack is sent by the next call, here the third ack).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = rq_queue();
    $q->enqueue($name, ['a', 'b', 'c']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $status = rl_fork(1, function () use ($name) {
        $w = rq_queue();
        $acked = [];
        foreach ([false, true, false] as $defer) {
            $t = $w->reserve($name, 1, 60);
            $acked[] = $w->ack($name, $t['id'], $t['receipt'], $defer, failed: true);
        }
        exec("kill -9 " . getmypid());
    });
    $c = $q->stats($name)['counts'];
    $size = $q->size($name);
    rq_check($c['failed'] === 3 && $c['processed'] === 0 && $size['due'] + $size['inflight'] === 0,
        "$layout: three runs acked as failed, then killed: failed 3, processed 0, nothing left", [$status, $c, $size]);
}
?>
--EXPECT--
ok: zset: three runs acked as failed, then killed: failed 3, processed 0, nothing left
ok: stream: three runs acked as failed, then killed: failed 3, processed 0, nothing left
