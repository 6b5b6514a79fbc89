--TEST--
RedisQueue payloads by reference: a task whose entry carries its payload (written before the switch) leaves it in P at its first release or lapse, and moves by reference from then on
--DESCRIPTION--
On a queue on the stream layout with payloads by reference off, as a release
before this one leaves it, a task is queued: its entry carries its payload.
migrate() turns payloads by reference on. Each time the task is released with
no delay, or its reservation lapses and the upkeep puts it back, it is appended
again. The first such move leaves its payload (100,000 bytes: past 64 KiB, the
largest an entry carries) in P (one copy), the new entry
refers to it (field r), and the moves after it copy nothing: the entry keeps
no payload, P keeps one copy, and the task comes back each time with its
payload intact, on its next attempt. State only.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$K = "{Queue:$name}";
$q = rq_queue();
$q->enqueue($name, 'warm');
$q->migrate($name);
$q->remove($name, 'warm');
$raw->call('HDEL', "$K:meta", 'p');                 // off, as a release before this one leaves it
$body = str_repeat("\0{x}\xff", 20000);             // past 64 KiB: by reference once moved
$q->enqueue($name, 'job', payload: $body);

function fields(RawRedis $raw, string $K): string
{
    $e = $raw->call('XRANGE', "$K:stream", '-', '+');
    $f = $e[count($e) - 1][1];
    $names = [];
    for ($i = 0; $i < count($f); $i += 2) {
        $names[] = $f[$i];
    }
    return implode(',', $names);
}

echo 'before the switch: ', fields($raw, $K), "\n";
$q->migrate($name);
echo 'after it: ', fields($raw, $K), "\n";
for ($round = 1; $round <= 3; $round++) {
    $t = $q->reserve($name, 1, $round === 2 ? 0.2 : 30);
    rq_check($t['payload'] === $body && $t['attempts'] === $round, "round $round: the payload intact, attempt $round", [$t['attempts']]);
    if ($round === 2) {
        usleep(400000);                                 // the reservation lapses; the next reserve() settles it
    } else {
        $q->release($name, $t['id'], receipt: $t['receipt']);
    }
    if ($round !== 2) {
        echo "round $round: ", fields($raw, $K), '; P ', $raw->call('HLEN', "$K:payloads"), ', Q ', $raw->call('HLEN', "$K:spare"), "\n";
    }
}
$t = $q->reserve($name, 1, 30);
rq_check($t['payload'] === $body && $t['attempts'] === 4, 'the last run: the payload intact, attempt 4', [$t['attempts']]);
$q->ack($name, $t['id'], $t['receipt']);
rq_check($raw->call('EXISTS', "$K:payloads", "$K:spare") === 0, 'no payload left');
?>
--EXPECT--
before the switch: i,p
after it: i,p
ok: round 1: the payload intact, attempt 1
round 1: i,r,a; P 1, Q 0
ok: round 2: the payload intact, attempt 2
ok: round 3: the payload intact, attempt 3
round 3: i,r,a; P 1, Q 0
ok: the last run: the payload intact, attempt 4
ok: no payload left
