--TEST--
RedisQueue::submit(): a debounce never pushes back a run that is due already (whatever $maxWait) and, on the stream layout, keeps a ready run's place when it takes the new payload
--DESCRIPTION--
Both layouts, read from the server: the order reserve() hands tasks out, the due
scores, the stream's entry ids and fields, the payloads.
Place: a run submitted with 'debounce' (due now) behind one task and ahead of
others is debounced while its remembered time is ahead, then with a delay and no
$maxWait: it stays where it was, due when it was, with the last payload (on the
stream its entry stays, referring to its payload in :spare). A run without a
payload debounced without one stays too; a run enqueue()d with its bytes in its
entry moves to the end of the stream when debounced (the zset keeps its place).
Overdue: a delayed run that came due, debounced with a 5 s delay (with a remembered
time 60 s ahead, then with none), keeps its due time; so does a re-run parked
behind its run in flight, which then runs with its last payload.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
/* Where id $id waits: its score in the zset, else its entry on the stream ("<ms>-<seq>"
 * with "+ref" when the entry refers to its payload), else its parked run's due time. */
function spot(RawRedis $raw, string $name, string $id): string
{
    $z = $raw->call('ZSCORE', "Queue:$name", $id);
    if ($z !== null) {
        return "z:$z";
    }
    $x = $raw->call('HGET', "{Queue:$name}:index", $id);
    if ($x === null) {
        return 'nowhere';
    }
    if (str_contains($x, '|')) {
        return "parked:$x";
    }
    $e = $raw->call('XRANGE', "{Queue:$name}:stream", $x, $x);
    $f = $e[0][1] ?? [];
    return "s:$x" . (in_array('r', array_filter($f, fn ($k) => $k % 2 === 0, ARRAY_FILTER_USE_KEY), true) ? '+ref' : '');
}
/* The tasks reserve() hands out, in order, as id=payload, each acked. */
function drain(RedisQueue $q, string $name): string
{
    $out = [];
    while (($t = $q->reserve($name, 1, 30)) !== false) {
        $out[] = $t['id'] . '=' . ($t['payload'] ?? '-');
        $q->ack($name, $t['id'], $t['receipt']);
    }
    return implode(' ', $out);
}
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
    /* Place. The ids sort as they are queued, so a tie of scores keeps this order. */
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $out = [];
    $q->enqueue($name, 'k1', payload: 'a');
    $out[] = $q->submit($name, 'k2', 'v1', unique: 'debounce', maxWait: 60);
    $q->enqueue($name, 'k3', payload: 'b');
    $out[] = $q->submit($name, 'k4', null, unique: 'debounce');
    $q->enqueue($name, 'k5', payload: 'e1');
    $q->enqueue($name, 'k6', payload: 'c');
    $k2 = spot($raw, $name, 'k2');
    $k4 = spot($raw, $name, 'k4');
    $out[] = $q->submit($name, 'k2', 'v2', unique: 'debounce', maxWait: 60);
    $out[] = $q->submit($name, 'k2', 'v3', 5, unique: 'debounce');
    $out[] = $q->submit($name, 'k4', null, 5, unique: 'debounce');
    $out[] = $q->submit($name, 'k5', 'e2', unique: 'debounce');
    rq_check(spot($raw, $name, 'k2') === $k2 && spot($raw, $name, 'k4') === $k4, "$layout: the debounced runs due already keep their due time and place", [$k2, spot($raw, $name, 'k2'), $k4, spot($raw, $name, 'k4')]);
    echo "$layout place: ", implode(' ', $out), ' | k2 ', preg_replace('/[0-9.-]+/', '#', $k2), ' | ', drain($q, $name), "\n";
    $q->clear($name);

    /* Overdue: a delayed run that came due, debounced with a delay. */
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $out = [$q->submit($name, 'j', 'J1', 0.2, unique: 'debounce', maxWait: 60)];
    $due = (float) $raw->call('ZSCORE', "Queue:$name", 'j');
    until_server($raw, $due);
    $out[] = $q->submit($name, 'j', 'J2', 5, unique: 'debounce', maxWait: 60);
    $s2 = spot($raw, $name, 'j');
    $out[] = $q->submit($name, 'j', 'J3', 5, unique: 'debounce');
    $s3 = spot($raw, $name, 'j');
    $now = rq_server_time($raw);
    /* zset: its score stays; stream: the debounce moved it onto the stream (due), and there it stays. */
    $kept = $layout === 'zset' ? (float) substr($s2, 2) === $due : str_starts_with($s2, 's:') && (int) substr($s2, 2) / 1000 <= $now;
    rq_check($kept && $s3 === $s2, "$layout: a run that came due keeps its due time when debounced with a delay, with or without maxWait", [$due, $s2, $s3, $now]);
    $out[] = drain($q, $name);
    /* A re-run parked behind its run in flight, due already. */
    $out[] = $q->submit($name, 'p', 'P1', unique: 'debounce');
    $t = $q->reserve($name, 1, 30);
    $out[] = 'reserved ' . $t['id'] . '=' . $t['payload'];
    $out[] = $q->submit($name, 'p', 'P2', unique: 'debounce', maxWait: 60);
    $before = spot($raw, $name, 'p');
    $out[] = $q->submit($name, 'p', 'P3', 5, unique: 'debounce');
    rq_check(spot($raw, $name, 'p') === $before, "$layout: a parked re-run due already keeps its due time when debounced with a delay", [$before, spot($raw, $name, 'p')]);
    $q->ack($name, 'p', $t['receipt']);
    $out[] = drain($q, $name);
    echo "$layout overdue: ", implode(' | ', $out), "\n";
    $q->clear($name);
}
?>
--EXPECT--
ok: zset: the debounced runs due already keep their due time and place
zset place: queued queued debounced debounced debounced debounced | k2 z:# | k1=a k2=v3 k3=b k4=- k5=e2 k6=c
ok: zset: a run that came due keeps its due time when debounced with a delay, with or without maxWait
ok: zset: a parked re-run due already keeps its due time when debounced with a delay
zset overdue: queued | debounced | debounced | j=J3 | queued | reserved p=P1 | queued | debounced | p=P3
ok: stream: the debounced runs due already keep their due time and place
stream place: queued queued debounced debounced debounced debounced | k2 s:#+ref | k1=a k2=v3 k3=b k4=- k6=c k5=e2
ok: stream: a run that came due keeps its due time when debounced with a delay, with or without maxWait
ok: stream: a parked re-run due already keeps its due time when debounced with a delay
stream overdue: queued | debounced | debounced | j=J3 | queued | reserved p=P1 | queued | debounced | p=P3
