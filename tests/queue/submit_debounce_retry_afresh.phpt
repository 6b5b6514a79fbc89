--TEST--
RedisQueue::submit() 'debounce': a run waiting for a retry (released now or later, or lapsed) that a debounce replaces starts afresh, its attempts from 0, by id and by key, on both layouts
--DESCRIPTION--
A run reserved once (attempts 1, max_attempts 2) and released, due now or in 30 s,
or whose reservation lapsed (its worker died; no reserve() settled it since), is a
run waiting for its retry. A debounce of it (the same id, or another id under
the key it holds) gives it the new payload, and its next reservation is its first
attempt: the work it now carries is new, and a max_attempts of 2 lets it fail once
more. A debounce of a run that waits and never ran keeps what it had (attempts 0).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue(['max_attempts' => 2]);
foreach (['zset', 'stream'] as $layout) {
    foreach (['id', 'key'] as $by) {
        foreach ([0, 30, 'lapsed'] as $later) {
            $name = rl_name();
            if ($layout === 'stream') {
                $q->migrate($name);
            }
            $key = $by === 'key' ? 'K' : null;
            $q->submit($name, 'r1', 'v1', unique: 'debounce', uniqueKey: $key);
            if ($later === 'lapsed') {
                // A worker that died: its reservation lapses, and nothing settles it
                // before the debounce (no reserve() in between).
                $r = $q->reserve($name, 1, 0.2);
                usleep(500000);
            } else {
                $r = $q->reserve($name, 1, 30);
                $q->release($name, 'r1', $later, $r['receipt']);
            }
            $answer = $q->submit($name, $by === 'key' ? 'r2' : 'r1', 'v2', unique: 'debounce', uniqueKey: $key);
            $sizes = $q->size($name);
            $next = $q->reserve($name, 1, 30);
            rq_check($r['attempts'] === 1 && $answer === 'debounced' && is_array($next) && $next['id'] === 'r1'
                && $next['payload'] === 'v2' && $next['attempts'] === 1,
                "$layout, by $by, " . ($later === 'lapsed' ? 'lapsed' : 'released ' . ($later ? 'for later' : 'now')) . ': the debounced retry runs v2 as its first attempt',
                [$r, $answer, $sizes, $next]);
            rq_check($sizes['due'] + $sizes['delayed'] === 1 && $sizes['inflight'] === 0, "$layout, by $by: one run waits", $sizes);
            $q->release($name, 'r1', 0, $next['receipt']);
            rq_check($q->size($name)['dead'] === 0, "$layout, by $by: and one more failure does not kill it", $q->size($name));
            $q->clear($name);
        }
    }
    /* A run that never ran keeps attempts 0 through a debounce. */
    $name = rl_name();
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $q->submit($name, 'n', 'v1', unique: 'debounce');
    $q->submit($name, 'n', 'v2', unique: 'debounce');
    $next = $q->reserve($name, 1, 30);
    rq_check($next['payload'] === 'v2' && $next['attempts'] === 1, "$layout: a run that never ran, debounced, runs as its first attempt", $next);
    $q->clear($name);
}
?>
--EXPECT--
ok: zset, by id, released now: the debounced retry runs v2 as its first attempt
ok: zset, by id: one run waits
ok: zset, by id: and one more failure does not kill it
ok: zset, by id, released for later: the debounced retry runs v2 as its first attempt
ok: zset, by id: one run waits
ok: zset, by id: and one more failure does not kill it
ok: zset, by id, lapsed: the debounced retry runs v2 as its first attempt
ok: zset, by id: one run waits
ok: zset, by id: and one more failure does not kill it
ok: zset, by key, released now: the debounced retry runs v2 as its first attempt
ok: zset, by key: one run waits
ok: zset, by key: and one more failure does not kill it
ok: zset, by key, released for later: the debounced retry runs v2 as its first attempt
ok: zset, by key: one run waits
ok: zset, by key: and one more failure does not kill it
ok: zset, by key, lapsed: the debounced retry runs v2 as its first attempt
ok: zset, by key: one run waits
ok: zset, by key: and one more failure does not kill it
ok: zset: a run that never ran, debounced, runs as its first attempt
ok: stream, by id, released now: the debounced retry runs v2 as its first attempt
ok: stream, by id: one run waits
ok: stream, by id: and one more failure does not kill it
ok: stream, by id, released for later: the debounced retry runs v2 as its first attempt
ok: stream, by id: one run waits
ok: stream, by id: and one more failure does not kill it
ok: stream, by id, lapsed: the debounced retry runs v2 as its first attempt
ok: stream, by id: one run waits
ok: stream, by id: and one more failure does not kill it
ok: stream, by key, released now: the debounced retry runs v2 as its first attempt
ok: stream, by key: one run waits
ok: stream, by key: and one more failure does not kill it
ok: stream, by key, released for later: the debounced retry runs v2 as its first attempt
ok: stream, by key: one run waits
ok: stream, by key: and one more failure does not kill it
ok: stream, by key, lapsed: the debounced retry runs v2 as its first attempt
ok: stream, by key: one run waits
ok: stream, by key: and one more failure does not kill it
ok: stream: a run that never ran, debounced, runs as its first attempt
