--TEST--
RedisQueue: a wait longer than the connection's read_timeout (0.5 s) blocks for the whole wait without a timeout exception, and the connection stays usable
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
/* 0.5 s: the calls that do not wait must still answer within it on a loaded
 * machine; the waits last four times as long. */
$q = rq_queue(['read_timeout' => 0.5]);
$name = rl_name();
$q->size($name);
foreach ([
    'pop' => fn() => $q->pop($name, 1, 10, 2.0),
    'reserve' => fn() => $q->reserve($name, 1, 30, 2.0),
] as $label => $call) {
    try {
        [$r, $took] = rq_timed($call);
        echo "$label: ", json_encode($r), "\n";
        /* Not before the wait ran out; the upper bound only catches a hang. */
        rq_check($took >= 1.95 && $took < 20, "$label waited the whole 2 s", sprintf('%.3f s', $took));
    } catch (RedisLockException $e) {
        echo "$label: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
$q->enqueue($name, 'late', 10, 0.6);
/* A wait of 30 s: one that returns within half of it was woken when the task fell due. */
[$r, $took] = rq_timed(fn() => $q->reserve($name, 1, 30, 30));
echo 'reserve of a task due in 0.6 s: ', $r['id'] ?? json_encode($r), "\n";
rq_check($took >= 0.55 && $took < 15, 'picked up when due, not at the end of the wait', sprintf('%.3f s', $took));
var_dump($q->ack($name, 'late'));
?>
--EXPECT--
pop: false
ok: pop waited the whole 2 s
reserve: false
ok: reserve waited the whole 2 s
reserve of a task due in 0.6 s: late
ok: picked up when due, not at the end of the wait
bool(true)
