--TEST--
RedisQueue::submit() with a uniqueKey beside 0.2.0: its enqueue() or retryDead() of a holder's id gives the key back to that run while it waits, as documented, and its end frees the key
--DESCRIPTION--
0.2.0 (96b5191) knows nothing of the uniqueness keys. After a holder's run ended
(acked, or dead), 0.2.0's enqueue() or retryDead() of its id starts a run that this
release's producers would have made let go of the key: the key is held by that run
while it waits, even after 300 keyed submits (pruning keeps a live hold), and is
free once that run is acked. On both layouts.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
$raw = new RawRedis();
function old(string $so, string $name, string $code): string
{
    $r = rl_run_old_php($so, '$q = new RedisQueue(rl_dsn()); $n = ' . var_export($name, true) . '; ' . $code);
    return trim($r['stdout'] . $r['stderr']);
}
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    foreach (['enqueue' => 'var_export($q->enqueue($n, "A", payload: "old"));', 'retryDead' => 'var_export($q->retryDead($n, "A") === 1);'] as $how => $code) {
        $name = rl_name($layout);
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
        $t = $q->reserve($name, 1, 30, 0, 1);
        if ($how === 'enqueue') {
            $q->ack($name, 'A', $t['receipt']);
        } else {
            $q->fail($name, 'A', $t['receipt']);
        }
        $o = old($so, $name, $code);
        $out = ["0.2.0 $how(A): $o", 'B: ' . $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K')];
        for ($i = 0; $i < 300; $i++) {
            $q->submit($name, "o$i", 'o', unique: 'until_done', uniqueKey: "other$i");
        }
        $out[] = 'after 300 keyed submits B: ' . $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K');
        $t = $q->reserve($name, 1, 30);
        $q->ack($name, $t['id'], $t['receipt']);
        $out[] = "{$t['id']} acked, B: " . $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K');
        echo str_pad("$layout:", 8), implode(' | ', $out), "\n";
        $q->clear($name);
    }
}
?>
--EXPECT--
zset:   0.2.0 enqueue(A): true | B: duplicate | after 300 keyed submits B: duplicate | A acked, B: queued
zset:   0.2.0 retryDead(A): true | B: duplicate | after 300 keyed submits B: duplicate | A acked, B: queued
stream: 0.2.0 enqueue(A): true | B: duplicate | after 300 keyed submits B: duplicate | A acked, B: queued
stream: 0.2.0 retryDead(A): true | B: duplicate | after 300 keyed submits B: duplicate | A acked, B: queued
