--TEST--
RedisQueue::reserved() lists tasks behind wake-up entries a dead worker left in the PEL, shows a run parked behind its running run, and claims no payload the server no longer holds
--DESCRIPTION--
The stream layout: a worker's read delivers wake-up entries (no task) and acks
them in its next round trip; one killed in between leaves them in the PEL until
they lapse. With 1 and then 300 of them ahead of a reservation (each left by a
read that is never acked), reserved() with a count of 1, 2, the default and 1000
lists the task behind them (a page ends on the last entry it looked at, a task
or not, and the next one resumes there). A run enqueued again with a delay while
its id runs: on the stream layout it is parked in the index, in neither Z nor
the stream, and reserved() shows its due time on the running run ('parked'); on
the sorted-set layout it is in Z, so delayed() lists it with its payload, and
reserved() leaves the running run's payload out (the server keeps one payload per
id, now the waiting run's). A record whose attempts field was written by hand
with 23 digits comes back as 2^53 - 1, not as a wrapped negative number.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
foreach ([1, 300] as $wakeups) {
    $name = rl_name(":wake$wakeups");
    $q->migrate($name);
    $S = "{Queue:$name}:stream";
    for ($i = 0; $i < $wakeups; $i++) {
        $raw->call('XADD', $S, '*', 'w', '1');
    }
    $raw->call('XREADGROUP', 'GROUP', 'rl', 'deadworker', 'COUNT', (string) $wakeups, 'STREAMS', $S, '>');
    $q->enqueue($name, 't', payload: 'x');
    $r = $q->reserve($name, 1, 60);
    rq_check(is_array($r) && $r['id'] === 't' && count($raw->call('XPENDING', $S, 'rl', '-', '+', '1000')) === $wakeups + 1,
        "$wakeups wake-up entries in the PEL ahead of a reservation", $r);
    foreach ([1, 2, 100, 1000] as $count) {
        $list = $q->reserved($name, $count);
        rq_check(array_column($list, 'id') === ['t'] && $list[0]['payload'] === 'x', "behind $wakeups: reserved(count $count) lists the task", $list);
    }
    $q->clear($name);
}

foreach (['zset', 'stream'] as $layout) {
    $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']);
    $name = rl_name(":park-$layout");
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->enqueue($name, 'job', payload: 'first');
    $r = $q->reserve($name, 1, 60);
    $t0 = rq_server_time($raw);
    $q->enqueue($name, 'job', afterInterval: 300, payload: 'second');
    $t1 = rq_server_time($raw);
    $reserved = $q->reserved($name);
    $delayed = $q->delayed($name);
    if ($layout === 'stream') {
        rq_check(count($reserved) === 1 && $reserved[0]['payload'] === 'first' && isset($reserved[0]['parked'])
            && $reserved[0]['parked'] >= $t0 + 300 - 0.001 && $reserved[0]['parked'] <= $t1 + 300 + 0.001 && $delayed === [],
            'stream: the parked run shows on the running one, due in 300 s', [$reserved, $delayed]);
    } else {
        rq_check(count($reserved) === 1 && !isset($reserved[0]['payload']) && !isset($reserved[0]['parked'])
            && array_column($delayed, 'payload', 'id') === ['job' => 'second'],
            'zset: delayed() lists the waiting run with its payload; reserved() claims no payload', [$reserved, $delayed]);
    }
    $q->ack($name, 'job', $r['receipt']);
    rq_check(!isset($q->reserved($name)[0]['parked']), "$layout: once the run ends, no parked run shows");
    $q->clear($name);
}

$q = rq_queue();
$name = rl_name(':digits');
$q->enqueue($name, 'b', afterInterval: 300);
$raw->call('HSET', "{Queue:$name}:receipts", 'b', '|99999999999999999999999|1|0');
rq_check(($q->delayed($name)[0]['attempts'] ?? null) === 9007199254740991, 'attempts of 23 digits come back as 2^53 - 1', $q->delayed($name));
$q->clear($name);
?>
--EXPECT--
ok: 1 wake-up entries in the PEL ahead of a reservation
ok: behind 1: reserved(count 1) lists the task
ok: behind 1: reserved(count 2) lists the task
ok: behind 1: reserved(count 100) lists the task
ok: behind 1: reserved(count 1000) lists the task
ok: 300 wake-up entries in the PEL ahead of a reservation
ok: behind 300: reserved(count 1) lists the task
ok: behind 300: reserved(count 2) lists the task
ok: behind 300: reserved(count 100) lists the task
ok: behind 300: reserved(count 1000) lists the task
ok: zset: delayed() lists the waiting run with its payload; reserved() claims no payload
ok: zset: once the run ends, no parked run shows
ok: stream: the parked run shows on the running one, due in 300 s
ok: stream: once the run ends, no parked run shows
ok: attempts of 23 digits come back as 2^53 - 1
