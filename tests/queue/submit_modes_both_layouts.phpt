--TEST--
RedisQueue::submit(): each uniqueness mode answers queued, duplicate or debounced through a run's life (waiting, reserved, acked) on both layouts
--DESCRIPTION--
Every mode on both layouts, through a sequence: two submits while waiting, a reserve,
two submits while in flight, the ack, the next run, a submit after it. What waits
(where, and its payload by top()) is read from the keys.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
/* What waits of id $id: its payload and due time (s) from top() and the keys,
 * and where it is. */
function state(RedisQueue $q, RawRedis $raw, string $name, string $id): string
{
    $where = implode('+', rq_where($raw, $name, $id));
    $p = $raw->call('HGET', "{Queue:$name}:payloads", $id);
    $x = $raw->call('HGET', "{Queue:$name}:index", $id);
    $top = $q->top($name, 10);
    $shown = [];
    foreach ($top ?: [] as $t) {
        if ($t['id'] === $id) {
            $shown[] = $t['payload'] ?? '-';
        }
    }
    return "$where top=" . implode(',', $shown);
}
foreach (['zset', 'stream'] as $layout) {
    foreach (['none', 'until_started', 'until_done', 'window', 'debounce'] as $mode) {
        $name = rl_name();
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $extra = $mode === 'window' ? ['uniqueFor' => 60] : [];
        $s = fn (string $p) => $q->submit($name, 'job', $p, ...['unique' => $mode] + $extra);
        $out = [$s('p1'), $s('p2'), state($q, $raw, $name, 'job')];
        $t = $q->reserve($name, 1, 30);
        $out[] = 'reserved ' . $t['payload'];
        $out[] = $s('p3');
        $out[] = $s('p4');
        $out[] = state($q, $raw, $name, 'job');
        $q->ack($name, 'job', $t['receipt']);
        $u = $q->reserve($name, 1, 30);
        $out[] = 'then ' . ($u === false ? 'nothing' : $u['payload']);
        if ($u !== false) {
            $q->ack($name, 'job', $u['receipt']);
        }
        $out[] = $s('p5');
        echo str_pad("$layout $mode:", 22), implode(' | ', $out), "\n";
        $q->clear($name);
    }
}
?>
--EXPECT--
zset none:            queued | duplicate | queued top=p1 | reserved p1 | queued | duplicate | queued+inflight top=p3 | then p3 | queued
zset until_started:   queued | duplicate | queued top=p1 | reserved p1 | queued | duplicate | queued+inflight top=p3 | then p3 | queued
zset until_done:      queued | duplicate | queued top=p1 | reserved p1 | duplicate | duplicate | inflight top= | then nothing | queued
zset window:          queued | duplicate | queued top=p1 | reserved p1 | duplicate | duplicate | inflight top= | then nothing | duplicate
zset debounce:        queued | debounced | queued top=p2 | reserved p2 | queued | debounced | queued+inflight top=p4 | then p4 | queued
stream none:          queued | duplicate | queued top=p1 | reserved p1 | queued | duplicate | queued+inflight top= | then p3 | queued
stream until_started: queued | duplicate | queued top=p1 | reserved p1 | queued | duplicate | queued+inflight top= | then p3 | queued
stream until_done:    queued | duplicate | queued top=p1 | reserved p1 | duplicate | duplicate | inflight top= | then nothing | queued
stream window:        queued | duplicate | queued top=p1 | reserved p1 | duplicate | duplicate | inflight top= | then nothing | duplicate
stream debounce:      queued | debounced | queued top=p2 | reserved p2 | queued | debounced | queued+inflight top= | then p4 | queued