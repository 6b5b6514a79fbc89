--TEST--
RedisQueue stream layout: entries a multi-queue reserve() hands back after another upkeep indexed them are indexed again when delivered, so a worker that dies with them gives them back
--DESCRIPTION--
A reserve() over two queues reads both, keeps the first queue's entries and puts
the second's back in place (XACK and the group's last-delivered id set back). If
another worker's upkeep ran between that read and its hand-back, the deadline
index had already taken those deliveries, and its cursor (M's n) was past them:
their next delivery was never indexed, and a worker that died holding them left
them in flight for good (reserve() never settled them). The read is planted as
the reader consumer's, then the other worker's reserve() runs its upkeep, then the
hand-back. A worker takes the three entries and ends without acking them; another
worker's reserve() gets all three back after their visibility, each on its
second attempt. Every reservation the test needs to stay live is taken for 4 s
(the queue's visibility), so that a loaded machine cannot lapse it early; the
one that must lapse is taken for 1 s. Before: none came back. State and counts only; the wait is a bound
against a hang.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q1 = rl_name() . 'a';
$q2 = rl_name() . 'b';
$K2 = "{Queue:$q2}";
$A = rq_queue();
foreach ([$q1, $q2] as $n) {
    $A->enqueue($n, 'boot');
    $A->migrate($n);
    $t = $A->reserve($n, 1, 4);
    $A->ack($n, $t['id'], $t['receipt']);
}
$consumer = explode('/', $t['receipt'])[1];
$A->enqueue($q2, ['e1', 'e2', 'e3']);
$A->enqueue($q1, 'one');
// The read of A's reserve() over both queues, as its reader consumer: q2's three.
$raw->call('XREADGROUP', 'GROUP', 'rl', "$consumer~", 'COUNT', '250', 'STREAMS', "$K2:stream", '>');
// Another worker's upkeep before A's hand-back: it indexes those deliveries.
$B = rq_queue();
var_dump($B->reserve($q2, 1, 4));
rq_check($raw->call('ZCARD', "$K2:deadlines") === 3, 'the upkeep indexed the three deliveries');
// A's reserve(): q1's task, and the hand-back of q2's three.
$got = $A->reserve([$q1, $q2], 1, 4);
rq_check($got['id'] === 'one' && $A->ack($q1, 'one', $got['receipt']), 'A keeps the first queue\'s task');
usleep(4500000);                                     // their deadlines pass with nobody reading q2
$D = rq_queue();
$d = $D->reserve($q2, 10, 1);
echo 'D takes ', implode(',', array_column($d, 'id')), " and never acks\n";
unset($D);
$E = rq_queue();
$back = [];
$deadline = microtime(true) + 30;
while (count($back) < 3 && microtime(true) < $deadline) {
    foreach ($E->reserve($q2, 10, 30, 0.5) ?: [] as $t) {
        $back[$t['id']] = $t['attempts'];
        $E->ack($q2, $t['id'], $t['receipt']);
    }
}
ksort($back);
echo 'back: ', json_encode($back), "\n";
rq_check($E->size($q2) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'nothing left in flight', $E->size($q2));
?>
--EXPECT--
bool(false)
ok: the upkeep indexed the three deliveries
ok: A keeps the first queue's task
D takes e1,e2,e3 and never acks
back: {"e1":2,"e2":2,"e3":2}
ok: nothing left in flight
