--TEST--
RedisQueue: touch() sets a reservation's deadline to now + $visibility, also shortening it
--DESCRIPTION--
RedisQueue: touch() sets the deadline to now + $visibility, also shortening it
(a 30 s reservation touched to 0.2 s is delivered again after about 0.2 s); it
returns false for a task not in flight (queued, unknown, acked) and $visibility
must be > 0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, ['job', 'queued']);
$t = $q->reserve($name, 1, 30);
$t0 = rq_server_time($raw);
var_dump($q->touch($name, 'job', 0.2));
$t1 = rq_server_time($raw);
$deadline = (float) rq_deadline($raw, $name, 'job');
/* Set by the call, between the server's clock before and after it (2 ms: the PEL keeps whole ms). */
rq_check($deadline >= $t0 + 0.2 && $deadline <= $t1 + 0.202, 'deadline now + 0.2 s', [$deadline - $t0, $t1 - $t0]);
$start = microtime(true);
$ids = [];
$early = [];
while (microtime(true) - $start < 30 && count($ids) < 2) {
    $r = $q->reserve($name, 1, 30, 5);
    if ($r) {
        $ids[] = [$r['id'], $r['attempts']];
        if ($r['id'] === 'job' && ($at = rq_server_time($raw)) < $deadline - 0.001) {
            $early[] = $at - $deadline;
        }
    }
}
echo json_encode($ids), "\n";
rq_check($early === [], 'the job came back not before its new deadline (server clock)', $early);
var_dump($q->touch($name, 'job', 5, $t['receipt']));   // the old reservation
var_dump($q->ack($name, 'job'), $q->touch($name, 'job', 5));
$q->enqueue($name, 'waiting');
var_dump($q->touch($name, 'waiting', 5), $q->touch($name, 'unknown', 5));
foreach ([0, -1, NAN, INF] as $bad) {
    try {
        $q->touch($name, 'queued', $bad);
        echo "no exception\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
$q->clear($name);
?>
--EXPECT--
bool(true)
ok: deadline now + 0.2 s
[["queued",1],["job",2]]
ok: the job came back not before its new deadline (server clock)
bool(false)
bool(true)
bool(false)
bool(false)
bool(false)
RedisQueue::touch(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
RedisQueue::touch(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
RedisQueue::touch(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
RedisQueue::touch(): Argument #3 ($visibility) must be a finite number of seconds greater than 0 and at most 1e9
