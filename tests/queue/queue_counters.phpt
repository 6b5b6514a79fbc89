--TEST--
RedisQueue counters, both layouts: each way a run ends counts once in stats()['counts'], and an ack by the object that reserved the run adds its duration
--DESCRIPTION--
On each layout, with max_attempts 2:
- an ack with its receipt and one without (the current reservation), both by the
  object that reserved: processed, the first with a duration (at least the 30 ms
  the test waits), the second untimed (without a receipt it ends whichever
  reservation is current);
- a stale object's ack without a receipt of a run another object reserved after
  its own lapsed: processed, untimed;
- a lapse at the last attempt while the id was enqueued again: retried;
- an ack by another object: processed, no duration;
- an ack with failed: true (plain and deferred): failed, not processed, no duration;
- a refused ack (a stale receipt) and an ack of an id not in flight: nothing;
- release(): released; a release at the last attempt: released and a dead letter;
- fail(): failed and a dead letter;
- a reservation that lapses: retried when queued again, a dead letter at its last
  attempt (each on a queue of its own);
- the counters are one hash under the queue's hash tag ({K}:counts), which
  clear() leaves (they only ever grow), and names() lists a queue while it has it.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$dsn = rl_dsn();
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $q = new RedisQueue(rl_options(['max_attempts' => 2]));
    $other = new RedisQueue(rl_options(['max_attempts' => 2]));
    $q->enqueue($name, ['a', 'b', 'c']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $c = fn () => $q->stats($name)['counts'];

    // a: with its receipt, 30 ms after its reserve; b: without a receipt (untimed:
    // it ends whichever reservation is current).
    $t = $q->reserve($name, 1, 60);
    usleep(30000);
    $stale = $t['receipt'];
    $ok = $q->ack($name, $t['id'], $t['receipt']);
    $t = $q->reserve($name, 1, 60);
    $ok = $ok && $q->ack($name, $t['id']);
    $s = $c();
    rq_check($ok && $s['processed'] === 2 && $s['durations']['+Inf'] === 1 && $s['durations']['0.025'] === 0
        && $s['duration_sum'] >= 0.03, "$layout: two acks by the reserving object, the one with its receipt timed", $s);

    // Refused: a stale receipt, an id not in flight. Nothing counts.
    $t = $q->reserve($name, 1, 60);                                   // c
    $refused = !$q->ack($name, 'a', $stale) && !$q->ack($name, 'zz');
    rq_check($refused && $c() === $s, "$layout: refused acks count nothing", $c());

    // c acked by another object: counted (its stats() sends its counts first), not timed.
    $ok = $other->ack($name, $t['id'], $t['receipt']);
    $other->stats($name);
    $s = $c();
    rq_check($ok && $s['processed'] === 3 && $s['durations']['+Inf'] === 1, "$layout: an ack by another object counts, untimed", $s);

    // Each of the next on a queue of its own, with one task (two for the lapse).
    $own = function (string $what, array $ids) use ($q, $name, $layout): string {
        $n = "$name:$what";
        $q->enqueue($n, $ids);
        if ($layout === 'stream') {
            $q->migrate($n);
        }
        return $n;
    };
    $cq = fn (string $n) => $q->stats($n)['counts'];

    // Acked as failed (the caller handles the failure itself): failed, not processed, untimed; deferred too.
    $n = $own('acked-failed', ['x1', 'x2']);
    $t = $q->reserve($n, 1, 60);
    $ok = $q->ack($n, $t['id'], $t['receipt'], failed: true);
    $t = $q->reserve($n, 1, 60);
    $ok = $ok && $q->ack($n, $t['id'], $t['receipt'], true, true);
    $q->size($n);                                                     // sends a deferred ack
    $s = $cq($n);
    rq_check($ok && $s['failed'] === 2 && $s['processed'] === 0 && $s['durations']['+Inf'] === 0 && $s['dead'] === 0
        && $q->size($n)['inflight'] === 0, "$layout: ack(failed: true) ends the run, counted failed", $s);

    // d released twice: released both times, dead at its second (last) attempt.
    $n = $own('release', ['d']);
    $t = $q->reserve($n, 1, 60);
    $q->release($n, $t['id'], 0, $t['receipt']);
    $t2 = $q->reserve($n, 1, 60);
    $q->release($n, $t2['id'], 0, $t2['receipt']);
    $s = $cq($n);
    rq_check($t['id'] === 'd' && $t2['id'] === 'd' && $s['released'] === 2 && $s['dead'] === 1 && $s['processed'] === 0
        && $q->size($n)['dead'] === 1, "$layout: released twice, a dead letter at the last attempt", [$t, $t2, $s]);

    // e failed: failed and a dead letter.
    $n = $own('fail', ['e']);
    $t = $q->reserve($n, 1, 60);
    $q->fail($n, $t['id'], $t['receipt']);
    $s = $cq($n);
    rq_check($t['id'] === 'e' && $s['failed'] === 1 && $s['dead'] === 1 && $s['released'] === 0, "$layout: fail() counts failed and a dead letter", $s);

    // f lapses twice: retried once, then dead at its last attempt.
    $n = $own('lapse', ['f']);
    $t = $q->reserve($n, 1, 0.2);
    usleep(1300000);
    $t2 = $q->reserve($n, 1, 0.2);
    usleep(1300000);
    $t3 = $q->reserve($n, 1, 60);
    $s = $cq($n);
    rq_check($t['id'] === 'f' && $t2['id'] === 'f' && $t3 === false && $s['retried'] === 1 && $s['dead'] === 1 && $q->size($n)['dead'] === 1,
        "$layout: a lapse counts retried, a lapse at the last attempt a dead letter", [$t['id'], $t2['id'], $t3, $s]);
    // An object whose reservation lapsed acks without a receipt the run another
    // object reserved since: counted, but not timed from the first reserve().
    $n = $own('stale', ['s1']);
    $ta = $q->reserve($n, 1, 0.2);
    usleep(1300000);
    $tb = $other->reserve($n, 1, 60);
    $ok = $q->ack($n, 's1');
    $s = $cq($n);                                  // $q's own acks are sent first
    rq_check($ta['id'] === 's1' && ($tb['id'] ?? null) === 's1' && $ok && $s['processed'] === 1 && $s['durations']['+Inf'] === 0
        && $s['retried'] === 1, "$layout: a stale object's ack of another's run is untimed", $s);

    // A run that lapses at its last attempt while its id was enqueued again: the
    // run enqueued meanwhile takes over, and the lapse counts as retried.
    $n = $own('twin', ['w1']);
    $one = new RedisQueue(rl_options(['max_attempts' => 1]));
    $t = $one->reserve($n, 1, 0.2);
    $one->enqueue($n, 'w1');
    usleep(1300000);
    $t2 = $one->reserve($n, 1, 60);                // its upkeep settles the lapse (one attempt at most)
    $s = $cq($n);
    rq_check($t['id'] === 'w1' && ($t2['id'] ?? null) === 'w1' && $t2['attempts'] === 1 && $s['retried'] === 1 && $s['dead'] === 0,
        "$layout: a lapse at the last attempt with its id enqueued again counts retried", [$t2, $s]);

    foreach (['acked-failed', 'stale', 'twin', 'release', 'fail', 'lapse'] as $what) {
        $q->clear("$name:$what");
        $raw->call('DEL', "{Queue:$name:$what}:counts", "{Queue:$name:$what}:meta", "{Queue:$name:$what}:stream");
    }

    // Under the queue's hash tag; left by clear(); the queue is listed while it has it.
    $key = "{Queue:$name}:counts";
    $fields = $raw->call('HGETALL', $key);
    $q->clear($name);
    $listed = false;
    $cursor = null;
    do {
        $page = $q->names($cursor, 1000);
        $listed = $listed || in_array($name, $page['names'], true);
        $cursor = $page['cursor'];
    } while ($cursor !== null);
    rq_check(count($fields) > 0 && $raw->call('EXISTS', $key) === 1 && $c()['processed'] === 3 && $listed,
        "$layout: one hash under the queue's tag, which clear() leaves and names() lists", $fields);
    $raw->call('DEL', $key, "{Queue:$name}:meta", "{Queue:$name}:stream");
}
?>
--EXPECT--
ok: zset: two acks by the reserving object, the one with its receipt timed
ok: zset: refused acks count nothing
ok: zset: an ack by another object counts, untimed
ok: zset: ack(failed: true) ends the run, counted failed
ok: zset: released twice, a dead letter at the last attempt
ok: zset: fail() counts failed and a dead letter
ok: zset: a lapse counts retried, a lapse at the last attempt a dead letter
ok: zset: a stale object's ack of another's run is untimed
ok: zset: a lapse at the last attempt with its id enqueued again counts retried
ok: zset: one hash under the queue's tag, which clear() leaves and names() lists
ok: stream: two acks by the reserving object, the one with its receipt timed
ok: stream: refused acks count nothing
ok: stream: an ack by another object counts, untimed
ok: stream: ack(failed: true) ends the run, counted failed
ok: stream: released twice, a dead letter at the last attempt
ok: stream: fail() counts failed and a dead letter
ok: stream: a lapse counts retried, a lapse at the last attempt a dead letter
ok: stream: a stale object's ack of another's run is untimed
ok: stream: a lapse at the last attempt with its id enqueued again counts retried
ok: stream: one hash under the queue's tag, which clear() leaves and names() lists
