--TEST--
RedisQueue::submit() with a uniqueKey: each mode holds the key by the run that took it (waiting, in flight, acked, dead), every run keeps its own id, on both layouts
--DESCRIPTION--
Each mode on both layouts through a sequence of submits of distinct ids under one key:
two while the holder waits, a reserve, two while it is in flight, the ack, what runs
next, a submit after. Then the holder's death (max_attempts 1, its reservation lapsed)
frees the key, and a removed holder frees it. The holder and what waits are read from
the keys ("<queue>:keyed" and the queue's own).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
function holder(RawRedis $raw, string $name): string
{
    $v = $raw->call('HGET', "{Queue:$name}:keyed", 'kk');
    return $v === null ? '-' : explode('|', $v, 3)[2];
}
function waiting(RedisQueue $q, string $name): string
{
    $ids = [];
    foreach ($q->top($name, 10) ?: [] as $t) {
        $ids[] = $t['id'] . '=' . ($t['payload'] ?? '-');
    }
    foreach ($q->delayed($name, 10) ?: [] as $t) {
        $ids[] = $t['id'] . '=' . ($t['payload'] ?? '-');
    }
    return implode(',', $ids) ?: 'none';
}
foreach (['zset', 'stream'] as $layout) {
    foreach (['until_started', 'until_done', 'window', 'debounce'] as $mode) {
        $name = rl_name();
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $extra = $mode === 'window' ? ['uniqueFor' => 60] : [];
        $s = fn (string $id, string $p) => $q->submit($name, $id, $p, ...['unique' => $mode, 'uniqueKey' => 'k'] + $extra);
        $out = [$s('j1', 'p1'), $s('j2', 'p2'), 'holder ' . holder($raw, $name), waiting($q, $name)];
        $t = $q->reserve($name, 1, 30);
        $out[] = "reserved {$t['id']}={$t['payload']}";
        $out[] = $s('j3', 'p3');
        $out[] = $s('j4', 'p4');
        $out[] = 'holder ' . holder($raw, $name);
        $q->ack($name, $t['id'], $t['receipt']);
        $u = $q->reserve($name, 1, 30);
        $out[] = 'then ' . ($u === false ? 'nothing' : "{$u['id']}={$u['payload']}");
        if ($u !== false) {
            $q->ack($name, $u['id'], $u['receipt']);
        }
        $out[] = $s('j5', 'p5');
        echo str_pad("$layout $mode:", 27), implode(' | ', $out), "\n";
        $q->clear($name);
        rq_check($raw->call('EXISTS', "{Queue:$name}:keyed") === 0, "$layout $mode: clear() deletes the keys");
    }
    /* A holder that dies (one attempt, its reservation lapsed) or is removed holds nothing. */
    foreach (['until_started', 'until_done'] as $mode) {
        $name = rl_name();
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        $q2 = $q;
        $s = fn (string $id) => $q2->submit($name, $id, 'x', unique: $mode, uniqueKey: 'k');
        $a = [$s('d1')];
        $t = $q2->reserve($name, 1, 0.05, maxAttempts: 1);
        $a[] = "reserved {$t['id']}";
        $a[] = $s('d2');
        usleep(100000);
        $q2->reserve($name, 1, 30, maxAttempts: 1); /* settles the lapsed d1 (dead) and takes d2 if it waits */
        $a[] = 'dead ' . implode(',', array_column($q2->dead($name, 10) ?: [], 'id'));
        $a[] = $s('d3');
        $a[] = 'holder ' . holder($raw, $name);
        $q2->remove($name, holder($raw, $name));
        $a[] = 'removed, ' . $s('d4');
        $a[] = 'holder ' . holder($raw, $name);
        echo str_pad("$layout $mode ends:", 27), implode(' | ', $a), "\n";
        $q2->clear($name);
    }
}
?>
--EXPECT--
zset until_started:        queued | duplicate | holder j1 | j1=p1 | reserved j1=p1 | queued | duplicate | holder j3 | then j3=p3 | queued
ok: zset until_started: clear() deletes the keys
zset until_done:           queued | duplicate | holder j1 | j1=p1 | reserved j1=p1 | duplicate | duplicate | holder j1 | then nothing | queued
ok: zset until_done: clear() deletes the keys
zset window:               queued | duplicate | holder - | j1=p1 | reserved j1=p1 | duplicate | duplicate | holder - | then nothing | duplicate
ok: zset window: clear() deletes the keys
zset debounce:             queued | debounced | holder j1 | j1=p2 | reserved j1=p2 | queued | debounced | holder j3 | then j3=p4 | queued
ok: zset debounce: clear() deletes the keys
zset until_started ends:   queued | reserved d1 | queued | dead d1 | queued | holder d3 | removed, queued | holder d4
zset until_done ends:      queued | reserved d1 | duplicate | dead d1 | queued | holder d3 | removed, queued | holder d4
stream until_started:      queued | duplicate | holder j1 | j1=p1 | reserved j1=p1 | queued | duplicate | holder j3 | then j3=p3 | queued
ok: stream until_started: clear() deletes the keys
stream until_done:         queued | duplicate | holder j1 | j1=p1 | reserved j1=p1 | duplicate | duplicate | holder j1 | then nothing | queued
ok: stream until_done: clear() deletes the keys
stream window:             queued | duplicate | holder - | j1=p1 | reserved j1=p1 | duplicate | duplicate | holder - | then nothing | duplicate
ok: stream window: clear() deletes the keys
stream debounce:           queued | debounced | holder j1 | j1=p2 | reserved j1=p2 | queued | debounced | holder j3 | then j3=p4 | queued
ok: stream debounce: clear() deletes the keys
stream until_started ends: queued | reserved d1 | queued | dead d1 | queued | holder d3 | removed, queued | holder d4
stream until_done ends:    queued | reserved d1 | duplicate | dead d1 | queued | holder d3 | removed, queued | holder d4
