--TEST--
RedisQueue upgrade: beside 2eeff3e (built here) entries carry their payloads; after migrate() turns payloads by reference on, every task, old-form entries included, runs once with its payload
--DESCRIPTION--
2eeff3e, the release before this one, has the stream layout and reads a payload
only from its entry. It moves a queue onto the stream at its first reserve(). With
the switch off (before migrate()), this release writes entries that 2eeff3e reads:
a task this release queues runs in a worker of 2eeff3e with its payload, and one
2eeff3e queued runs in this release's worker with its payload. A task of 2eeff3e
is in flight across the switch, with a run queued again by 2eeff3e behind it.
Then every client runs this release and migrate() turns payloads by reference
on: the entries already on the stream keep their payloads in them, new ones over
64 KiB refer
to theirs; this release's workers run every task once with its own payload, the
old-form entries and the run parked behind the old reservation included, and no
payload is left afterwards. Order and counts only.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('2eeff3e')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('2eeff3e');
$raw = new RawRedis();
$name = rl_name();
$K = "{Queue:$name}";
$q = rq_queue();
$n = var_export($name, true);
$receipt = rq_tmpdir() . '/receipt';

function old(string $so, string $code): string
{
    $r = rl_run_old_php($so, '$q = new RedisQueue(rl_dsn());' . "\n" . $code);
    return trim($r['stdout'] . $r['stderr']);
}

function fields(RawRedis $raw, string $K, string $id): array
{
    foreach ($raw->call('XRANGE', "$K:stream", '-', '+') as $e) {
        $f = [];
        for ($i = 0; $i + 1 < count($e[1]); $i += 2) {
            $f[$e[1][$i]] = $e[1][$i + 1];
        }
        if (($f['i'] ?? null) === $id) {
            return array_keys($f);
        }
    }
    return [];
}

/* 2eeff3e queues o1..o6 and its worker moves the queue onto the stream, runs o1,
 * and keeps o2 in flight (its receipt printed); then it queues o2 again. */
echo old($so, '
foreach (["o1", "o2", "o3", "o4", "o5", "o6"] as $id) { $q->enqueue(' . $n . ', $id, payload: "old-$id"); }
$t = $q->reserve(' . $n . ', 1, 30);
echo $t["id"], "=", $t["payload"], "\n";
$q->ack(' . $n . ', $t["id"], $t["receipt"]);
$t = $q->reserve(' . $n . ', 1, 300);
file_put_contents(' . var_export($receipt, true) . ', $t["receipt"]);
echo $t["id"], "=", $t["payload"], " in flight\n";
$q->enqueue(' . $n . ', "o2", payload: "old-o2-again");
'), "\n";
$o2 = file_get_contents($receipt);
rq_check($raw->call('EXISTS', "$K:stream") === 1 && $raw->call('HGET', "$K:meta", 'p') === null, '2eeff3e moved the queue onto the stream; payloads by reference are off');

/* The switch off: this release's worker and producer beside 2eeff3e's. */
$t = $q->reserve($name, 1, 30);
rq_check($t['id'] === 'o3' && $t['payload'] === 'old-o3' && $q->ack($name, 'o3', $t['receipt']), "this release runs 2eeff3e's task with its payload");
$q->enqueue($name, 'n1', payload: 'new-n1');
rq_check(in_array('p', fields($raw, $K, 'n1'), true), 'with the switch off, this release writes the payload into the entry');
echo old($so, '
$t = $q->reserve(' . $n . ', 1, 30);
while ($t !== false && $t["id"] !== "n1") { $q->release(' . $n . ', $t["id"], 0, $t["receipt"]); $t = $q->reserve(' . $n . ', 1, 30); }
echo $t["id"], "=", $t["payload"], "\n";
$q->ack(' . $n . ', $t["id"], $t["receipt"]);
'), "\n";

/* Every client on this release: migrate() turns payloads by reference on. */
$m = $q->migrate($name);
rq_check($m['layout'] === 'stream' && $raw->call('HGET', "$K:meta", 'p') === '1', 'migrate(): payloads by reference on', $m);
rq_check(in_array('p', fields($raw, $K, 'o4'), true), 'the entries already on the stream keep their payloads');
$q->enqueue($name, 'n2', payload: 'new-n2' . str_repeat('.', 70000));   // over 64 KiB: by reference
$q->enqueue($name, 'n3', afterInterval: 0.2, payload: 'new-n3');
$f = fields($raw, $K, 'n2');
rq_check(in_array('r', $f, true) && !in_array('p', $f, true), 'a task queued now with a payload over 64 KiB refers to it', $f);
rq_check($q->ack($name, 'o2', $o2), "the run 2eeff3e left in flight ends with its receipt");

$runs = [];
$deadline = microtime(true) + 60;
while (count($runs) < 6 && microtime(true) < $deadline) {
    $t = $q->reserve($name, 1, 30, 0.5);
    if ($t === false) {
        continue;
    }
    $runs[] = $t['id'] . '=' . rtrim($t['payload'] ?? '(none)', '.');
    $q->ack($name, $t['id'], $t['receipt']);
}
sort($runs);
echo implode(' ', $runs), "\n";
rq_check($q->reserve($name, 1, 30) === false && $q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0],
    'every task ran once', $q->size($name));
rq_check($raw->call('EXISTS', "$K:payloads", "$K:spare") === 0, 'no payload left');
?>
--EXPECT--
o1=old-o1
o2=old-o2 in flight
ok: 2eeff3e moved the queue onto the stream; payloads by reference are off
ok: this release runs 2eeff3e's task with its payload
ok: with the switch off, this release writes the payload into the entry
n1=new-n1
ok: migrate(): payloads by reference on
ok: the entries already on the stream keep their payloads
ok: a task queued now with a payload over 64 KiB refers to it
ok: the run 2eeff3e left in flight ends with its receipt
n2=new-n2 n3=new-n3 o2=old-o2-again o4=old-o4 o5=old-o5 o6=old-o6
ok: every task ran once
ok: no payload left
