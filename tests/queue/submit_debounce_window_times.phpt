--TEST--
RedisQueue::submit(): debounce moves the due time but never past first submit + maxWait; a window holds by the server's clock; the remembered times expire
--DESCRIPTION--
Both layouts. Debounce: due 1 s after each submit, capped at the first + 1.5 s,
read from the queue's zset and the server's TIME; the last payload wins. Window:
a duplicate within 0.3 s though the run is done, queued after it. The key of
remembered times is pruned by later submits, unlinked by clear() and expires
with its last time.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
/* Waits until the server's clock passes $t (s); false after 10 s. */
function until_server(RawRedis $raw, float $t): bool
{
    $deadline = microtime(true) + 10;
    while (rq_server_time($raw) <= $t) {
        if (microtime(true) > $deadline) {
            return false;
        }
        usleep(20000);
    }
    return true;
}
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    $u = "{Queue:$name}:unique";
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $due = fn () => (float) $raw->call('ZSCORE', "Queue:$name", 'a');
    /* Debounce: due 1 s after each submit, at most 1.5 s after the first. */
    $before = rq_server_time($raw);
    $r1 = $q->submit($name, 'a', 'p1', 1, unique: 'debounce', maxWait: 1.5);
    $after = rq_server_time($raw);
    $d1 = $due();
    rq_check($r1 === 'queued' && $d1 >= $before + 1 && $d1 <= $after + 1, "$layout: first submit queued, due 1 s after it", [$r1, $before, $d1, $after]);
    $first = $d1 - 1;
    $cap = (int) $raw->call('ZSCORE', $u, 'fa');
    rq_check(abs($cap / 1e6 - ($first + 1.5)) < 1e-5, "$layout: the cap remembered is the first submit + maxWait", [$cap, $first]);
    until_server($raw, $first + 0.3);
    $before = rq_server_time($raw);
    $r2 = $q->submit($name, 'a', 'p2', 1, unique: 'debounce', maxWait: 1.5);
    $after = rq_server_time($raw);
    $d2 = $due();
    rq_check($r2 === 'debounced' && $d2 >= $before + 1 && $d2 <= $after + 1 && $d2 > $d1, "$layout: second submit debounced, due moved to 1 s after it", [$r2, $before, $d2, $after]);
    until_server($raw, $first + 0.6);
    $r3 = $q->submit($name, 'a', 'p3', 1, unique: 'debounce', maxWait: 1.5);
    $d3 = $due();
    rq_check($r3 === 'debounced' && abs($d3 - ($first + 1.5)) < 1e-5, "$layout: third submit debounced, due at the cap (first + 1.5 s), not 1 s after it", [$r3, $d3, $first]);
    rq_check(($raw->call('HGET', "{Queue:$name}:payloads", 'a') ?? $raw->call('HGET', "{Queue:$name}:spare", 'a')) === 'p3', "$layout: the waiting run carries the last payload");
    $pttl = $raw->call('PTTL', $u);
    rq_check($pttl > 0 && $pttl <= 1600, "$layout: the key of remembered times expires with its last member", $pttl);
    $t = $q->reserve($name, 1, 30, 5);
    $at = rq_server_time($raw);
    rq_check($t !== false && $t['payload'] === 'p3' && $at >= $d3, "$layout: the run comes due at the cap with the last payload", [$t, $at, $d3]);
    $q->ack($name, 'a', $t['receipt']);

    /* Window: 0.3 s from the submit that queued it, whether it ran or not. */
    $w1 = $q->submit($name, 'w', null, unique: 'window', uniqueFor: 0.3);
    $until = (int) $raw->call('ZSCORE', $u, 'ww') / 1e6;
    $t = $q->reserve($name, 1, 30);
    $q->ack($name, 'w', $t['receipt']);
    $w2 = $q->submit($name, 'w', null, unique: 'window', uniqueFor: 0.3);
    $inWindow = rq_server_time($raw) < $until;
    until_server($raw, $until);
    $w3 = $q->submit($name, 'w', 'later', unique: 'window', uniqueFor: 60);
    rq_check(!$inWindow || $w2 === 'duplicate', "$layout: within the window a submit is a duplicate, though the run is done", $w2);
    echo "$layout window: $w1 $w3 ", $q->top($name)['payload'] ?? '-', "\n";
    /* The past window of x is pruned by the next submit; the key lives as long as its last window. */
    $q->submit($name, 'x', null, unique: 'window', uniqueFor: 0.2);
    until_server($raw, (int) $raw->call('ZSCORE', $u, 'wx') / 1e6);
    $q->submit($name, 'y', null, unique: 'window', uniqueFor: 0.2);
    echo "$layout remembered: ", implode(',', $raw->call('ZRANGE', $u, 0, -1)), ' pttl>59s ', json_encode($raw->call('PTTL', $u) > 59000), "\n";
    $q->clear($name);
    echo "$layout after clear: ", $raw->call('EXISTS', $u), "\n";
    /* Alone, a key of windows goes when its last window ends. */
    $q->submit($name, 'z', null, unique: 'window', uniqueFor: 0.2);
    $deadline = microtime(true) + 10;
    while ($raw->call('EXISTS', $u) && microtime(true) < $deadline) {
        usleep(20000);
    }
    echo "$layout expired: ", $raw->call('EXISTS', $u), "\n";
    $q->clear($name);
}
?>
--EXPECT--
ok: zset: first submit queued, due 1 s after it
ok: zset: the cap remembered is the first submit + maxWait
ok: zset: second submit debounced, due moved to 1 s after it
ok: zset: third submit debounced, due at the cap (first + 1.5 s), not 1 s after it
ok: zset: the waiting run carries the last payload
ok: zset: the key of remembered times expires with its last member
ok: zset: the run comes due at the cap with the last payload
ok: zset: within the window a submit is a duplicate, though the run is done
zset window: queued queued later
zset remembered: wy,ww pttl>59s true
zset after clear: 0
zset expired: 0
ok: stream: first submit queued, due 1 s after it
ok: stream: the cap remembered is the first submit + maxWait
ok: stream: second submit debounced, due moved to 1 s after it
ok: stream: third submit debounced, due at the cap (first + 1.5 s), not 1 s after it
ok: stream: the waiting run carries the last payload
ok: stream: the key of remembered times expires with its last member
ok: stream: the run comes due at the cap with the last payload
ok: stream: within the window a submit is a duplicate, though the run is done
stream window: queued queued later
stream remembered: wy,ww pttl>59s true
stream after clear: 0
stream expired: 0
