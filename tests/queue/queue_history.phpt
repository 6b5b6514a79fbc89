--TEST--
RedisQueue::history(), both layouts: the counters at each minute's first look of a worker's upkeep, oldest first, the last 60 minutes only
--DESCRIPTION--
A worker's reserve() takes the minute's snapshot of the queue's counters before
it takes a task (on the stream layout its upkeep does, once a second at most):
the first reserve of a minute is what the minute shows, later calls in that
minute change nothing. The minutes before are written into the counters' hash
by hand, in the format the scripts write (common/counts.lua): one 61 minutes
old (left out), one 2 minutes old, one malformed and one from the future (both
left out). history() answers them oldest first, each minute's start in Unix
seconds by the server's clock. A queue with no counters answers [].
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
var_dump($q->history(rl_name('none')));
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $key = "{Queue:$name}:counts";
    $q->enqueue($name, ['a', 'b', 'c']);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    [$s] = $raw->call('TIME');
    $m = intdiv((int) $s, 60);
    $zeros = implode('|', array_fill(0, 23, '0'));
    // p f r t x s d0..d16: 5 acked untimed, 1 failed, 2 timed in bucket 3 (0.05), 90 ms in all.
    $old = ($m - 2) . '|5|1|0|0|1|90000|0|0|0|2' . str_repeat('|0', 13);
    $raw->call('HSET', $key, 'h' . (($m - 2) % 60), $old, 'h' . (($m - 61 + 60 * 2) % 60), ($m - 61) . '|' . $zeros,
        'h' . (($m + 5) % 60), ($m + 5) . '|' . $zeros, 'h' . (($m - 3) % 60), ($m - 3) . '|1|2|x');
    // Now a run acked: the snapshot of this minute is taken by the reserve, before the ack.
    $t = $q->reserve($name, 1, 60);
    $q->ack($name, $t['id'], $t['receipt']);
    $t = $q->reserve($name, 1, 60);                // the same minute: no new snapshot
    $q->ack($name, $t['id'], $t['receipt']);
    $h = $q->history($name);
    [$s2] = $raw->call('TIME');
    $now = intdiv((int) $s2, 60);
    $first = $h[0] ?? [];
    rq_check(count($h) >= 2 && $first['at'] === ($m - 2) * 60 && $first['processed'] === 7 && $first['failed'] === 1 && $first['dead'] === 1
        && $first['durations']['0.025'] === 0 && $first['durations']['0.05'] === 2 && $first['durations']['+Inf'] === 2
        && abs($first['duration_sum'] - 0.09) < 1e-9 && array_key_first($first) === 'at',
        "$layout: the snapshot of two minutes ago, as written", $h);
    // This minute's snapshot, taken by the first reserve before its ack: [1]; a
    // third only when the minute turned between the two reserves.
    rq_check((count($h) === 2 || (count($h) === 3 && $h[2]['processed'] === 1)) && ($h[1]['processed'] ?? -1) === 0
        && $h[1]['at'] >= $m * 60 && $h[count($h) - 1]['at'] <= $now * 60 && $q->stats($name)['counts']['processed'] === 2,
        "$layout: this minute's snapshot, taken before its acks", $h);
    $q->clear($name);
    $raw->call('DEL', $key, "{Queue:$name}:meta", "{Queue:$name}:stream");
}
?>
--EXPECT--
array(0) {
}
ok: zset: the snapshot of two minutes ago, as written
ok: zset: this minute's snapshot, taken before its acks
ok: stream: the snapshot of two minutes ago, as written
ok: stream: this minute's snapshot, taken before its acks
