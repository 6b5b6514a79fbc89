--TEST--
RedisQueue::submit() until_done with $uniqueFor: a run in flight is a duplicate until the cap after the submit that queued it, then a submit parks one re-run; a waiting run stays a duplicate
--DESCRIPTION--
On both layouts. A run submitted with 'until_done' and a cap of 300 s is reserved:
a submit with the same cap answers 'duplicate', and the cap is remembered in
{K}:unique as the submit's server time + 300 s. With that time moved into the
past (as 300 s passing would), the next submit answers 'queued' and parks one
re-run behind the run in flight; a submit after it answers 'duplicate' (a run
waits). The running run acked, the parked run is reserved with its own
payload, once. A run queued by enqueue() (no cap remembered) gets a re-run
parked by a capped submit at once, while the same submit without a cap stays
a duplicate (until_done as before). A cap outlives its run until it passes: a
run that enqueue() queues after it is held to it, one that an uncapped submit
queues is not (that submit forgot the cap, and a capped submit then parks a
re-run, remembering its own). The cap passing by the server's clock: a
run capped at 50 ms, reserved, then a submit once the server's TIME is past
that (polled, no timing asserted) parks a re-run. $uniqueFor with another
mode than 'window' or 'until_done', or under 1 µs, is a ValueError naming it,
and queues nothing.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name(":$layout");
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $u = "{Queue:$name}:unique";
    $t0 = rq_server_time($raw);
    $a1 = $q->submit($name, 'a', 'one', unique: 'until_done', uniqueFor: 300);
    $t1 = rq_server_time($raw);
    $r = $q->reserve($name, 1, 60);
    $a2 = $q->submit($name, 'a', 'two', unique: 'until_done', uniqueFor: 300);
    $cap = (float) $raw->call('ZSCORE', $u, 'ca') / 1e6;
    rq_check($a1 === 'queued' && $r['id'] === 'a' && $a2 === 'duplicate', "$layout: in flight within the cap: a duplicate", [$a1, $a2]);
    rq_check($cap >= $t0 + 300 - 0.001 && $cap <= $t1 + 300 + 0.001, "$layout: the cap is remembered, 300 s after the submit by the server's clock", [$t0, $cap, $t1]);

    $raw->call('ZADD', $u, sprintf('%d', (int) (($t0 - 1) * 1e6)), 'ca');   // as if the 300 s had passed
    $a3 = $q->submit($name, 'a', 'three', unique: 'until_done', uniqueFor: 300);
    $a4 = $q->submit($name, 'a', 'four', unique: 'until_done', uniqueFor: 300);
    rq_check($a3 === 'queued' && $a4 === 'duplicate', "$layout: past the cap one re-run is parked, then a duplicate (a run waits)", [$a3, $a4]);
    $q->ack($name, 'a', $r['receipt']);
    $next = $q->reserve($name, 1, 60);
    rq_check($next !== false && $next['id'] === 'a' && $next['payload'] === 'three' && $q->reserve($name) === false,
        "$layout: once the run is acked, the parked run runs with its payload, once", $next);
    $q->ack($name, 'a', $next['receipt']);

    $q->enqueue($name, 'b', payload: 'plain');
    $rb = $q->reserve($name, 1, 60);
    $b1 = $q->submit($name, 'b', 'x', unique: 'until_done');
    $b2 = $q->submit($name, 'b', 'y', unique: 'until_done', uniqueFor: 300);
    rq_check($rb['id'] === 'b' && $b1 === 'duplicate' && $b2 === 'queued',
        "$layout: a run enqueue() queued: a duplicate without a cap, a re-run parked with one", [$b1, $b2]);
    $q->ack($name, 'b', $rb['receipt']);
    $q->clear($name);

    // A cap outlives its run until it passes: a submit that queues the id without one forgets it.
    $q->submit($name, 'd', 'd1', unique: 'until_done', uniqueFor: 300);
    $rd = $q->reserve($name, 1, 60);
    $q->ack($name, 'd', $rd['receipt']);
    $q->enqueue($name, 'd', payload: 'd2');
    $rd = $q->reserve($name, 1, 60);
    $d1 = $q->submit($name, 'd', 'd3', unique: 'until_done', uniqueFor: 300);
    $q->ack($name, 'd', $rd['receipt']);
    $q->clear($name);
    $q->submit($name, 'd', 'd4', unique: 'until_done');
    $rd = $q->reserve($name, 1, 60);
    $d2 = $q->submit($name, 'd', 'd5', unique: 'until_done', uniqueFor: 300);
    rq_check($d1 === 'duplicate' && $d2 === 'queued' && $raw->call('ZSCORE', $u, 'cd') !== null,
        "$layout: a run enqueue() queued is held to the cap still running; one an uncapped submit queued is not", [$d1, $d2]);
    $q->ack($name, 'd', $rd['receipt']);
    $q->clear($name);

    $q->submit($name, 'c', 'c1', unique: 'until_done', uniqueFor: 0.05);
    $c = $q->reserve($name, 1, 60);
    $until = (float) $raw->call('ZSCORE', $u, 'cc') / 1e6;
    while (rq_server_time($raw) <= $until) {
        usleep(10000);
    }
    $c2 = $q->submit($name, 'c', 'c2', unique: 'until_done', uniqueFor: 0.05);
    rq_check($c['id'] === 'c' && $c2 === 'queued', "$layout: once the server's clock passes the cap, a re-run is parked", $c2);
    $q->clear($name);
}

$name = rl_name(':errors');
foreach ([['until_started', 5], ['none', 5], ['debounce', 5], ['until_done', 1e-7]] as [$mode, $for]) {
    try {
        $q->submit($name, 'z', unique: $mode, uniqueFor: $for);
        echo "FAILED: $mode with uniqueFor $for was taken\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
rq_check($q->size($name)['due'] === 0, 'nothing queued by the refused calls');
?>
--EXPECT--
ok: zset: in flight within the cap: a duplicate
ok: zset: the cap is remembered, 300 s after the submit by the server's clock
ok: zset: past the cap one re-run is parked, then a duplicate (a run waits)
ok: zset: once the run is acked, the parked run runs with its payload, once
ok: zset: a run enqueue() queued: a duplicate without a cap, a re-run parked with one
ok: zset: a run enqueue() queued is held to the cap still running; one an uncapped submit queued is not
ok: zset: once the server's clock passes the cap, a re-run is parked
ok: stream: in flight within the cap: a duplicate
ok: stream: the cap is remembered, 300 s after the submit by the server's clock
ok: stream: past the cap one re-run is parked, then a duplicate (a run waits)
ok: stream: once the run is acked, the parked run runs with its payload, once
ok: stream: a run enqueue() queued: a duplicate without a cap, a re-run parked with one
ok: stream: a run enqueue() queued is held to the cap still running; one an uncapped submit queued is not
ok: stream: once the server's clock passes the cap, a re-run is parked
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) must be 0 (no cap) or at least 0.000001 (1 microsecond) with unique 'until_done'
ok: nothing queued by the refused calls
