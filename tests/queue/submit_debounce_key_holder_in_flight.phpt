--TEST--
RedisQueue::submit() 'debounce' by key: a holder in flight holds nothing; a submit queues the new holder, and the old run, back from a release or a lapse, waits beside it and runs after it
--DESCRIPTION--
The rule of docs/queue-submit.md, on both layouts: A is submitted and reserved; B,
submitted under the same key while A runs, is queued and holds the key; C, later,
debounces B (the holder), not A. When A comes back, released or with its
reservation lapsed, it is a retry of its own payload beside B: two runs of the key
wait, B (with C's payload) first, then A; nothing is lost or run twice.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue(['max_attempts' => 3]);
foreach (['zset', 'stream'] as $layout) {
    foreach (['released', 'lapsed'] as $back) {
        $name = rl_name();
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $answers = [$q->submit($name, 'A', 'a', unique: 'debounce', uniqueKey: 'K')];
        $r = $q->reserve($name, 1, $back === 'lapsed' ? 0.2 : 30);
        $answers[] = $q->submit($name, 'B', 'b', unique: 'debounce', uniqueKey: 'K');
        if ($back === 'lapsed') {
            usleep(500000);
        } else {
            $q->release($name, 'A', 0, $r['receipt']);
        }
        $answers[] = $q->submit($name, 'C', 'c', unique: 'debounce', uniqueKey: 'K');
        $runs = [];
        for ($i = 0; $i < 5 && ($t = $q->reserve($name, 1, 30)); $i++) {
            $runs[] = "$t[id]:$t[payload]#$t[attempts]";
            $q->ack($name, $t['id'], $t['receipt']);
        }
        rq_check($answers === ['queued', 'queued', 'debounced'] && $runs === ['B:c#1', 'A:a#2'] && $q->size($name)['dead'] === 0,
            "$layout, A $back: B holds the key, C debounces B; A comes back beside it and runs after it",
            [$answers, $runs]);
        $q->clear($name);
    }
}
?>
--EXPECT--
ok: zset, A released: B holds the key, C debounces B; A comes back beside it and runs after it
ok: zset, A lapsed: B holds the key, C debounces B; A comes back beside it and runs after it
ok: stream, A released: B holds the key, C debounces B; A comes back beside it and runs after it
ok: stream, A lapsed: B holds the key, C debounces B; A comes back beside it and runs after it
