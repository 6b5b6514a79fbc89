--TEST--
RedisQueue payloads by reference: every way a task ends (ack, pop, remove, dequeue, fail and purgeDead, a re-run's ack, clear) deletes its payload, and null and '' payloads keep their shapes
--DESCRIPTION--
After migrate() payloads stay in the queue's payload hashes and entries refer to
them. Tasks of every kind go through every way a task ends: one with a payload
acked, one without a payload (no 'payload' key), one with an empty payload (''),
a delayed one popped once due, one removed, one dequeued, one failed and purged,
one failed, retried and acked, one queued again while in flight (the parked run
with a payload of its own) whose runs are both acked. Each comes back with its
own payload, and once they all ended neither payload hash exists: no payload is
left behind. clear() then deletes the second hash with the rest.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$K = "{Queue:$name}";
$q->migrate($name);

function run(RedisQueue $q, string $name): array
{
    $t = $q->reserve($name, 1, 30);
    if ($t === false) {
        return [];
    }
    $q->ack($name, $t['id'], $t['receipt']);
    return [$t['id'], array_key_exists('payload', $t) ? $t['payload'] : 'none'];
}

$q->enqueue($name, 'with', payload: 'p-with');
$q->enqueue($name, 'bare');
$q->enqueue($name, 'empty', payload: '');
$q->enqueue($name, "n\0{\xff}", payload: "p\0\xfe");
$runs = [run($q, $name), run($q, $name), run($q, $name), run($q, $name)];
rq_check($runs === [['with', 'p-with'], ['bare', 'none'], ['empty', ''], ["n\0{\xff}", "p\0\xfe"]],
    'a payload, none, an empty one and bytes under an id of bytes keep their shapes', $runs);

$q->enqueue($name, 'later', afterInterval: 0.2, payload: 'p-later');
$deadline = microtime(true) + 30;
do {
    $p = $q->pop($name);
} while ($p === false && microtime(true) < $deadline && usleep(50000) === null);
rq_check(is_array($p) && $p['id'] === 'later' && $p['payload'] === 'p-later', 'pop() of a delayed task once due: its payload', $p);

$q->enqueue($name, 'gone', payload: 'p-gone');
rq_check($q->remove($name, 'gone') === true, 'remove()');
$q->enqueue($name, 'deq', payload: 'p-deq');
$top = $q->top($name);
rq_check(is_array($top) && ($top['payload'] ?? null) === 'p-deq' && $q->dequeue($name, 'deq', $top['score']), 'top() shows the payload, dequeue() takes the task', $top);

$q->enqueue($name, 'dead', payload: 'p-dead');
$t = $q->reserve($name, 1, 30);
$q->fail($name, 'dead', $t['receipt']);
rq_check($q->purgeDead($name) === 1, 'fail() and purgeDead()');
$q->enqueue($name, 'revived', payload: 'p-revived');
$t = $q->reserve($name, 1, 30);
$q->fail($name, 'revived', $t['receipt']);
$dead = $q->dead($name);
rq_check(($dead[0]['payload'] ?? null) === 'p-revived' && $q->retryDead($name) === 1, 'dead() shows the payload, retryDead() revives it', $dead);
rq_check(run($q, $name) === ['revived', 'p-revived'], 'the revived task runs with its payload');

$q->enqueue($name, 'twice', payload: 'first');
$t = $q->reserve($name, 1, 30);
$q->enqueue($name, 'twice', payload: 'second');
rq_check($q->reserve($name, 1, 30) === false, 'the run queued again waits for the first');
$q->ack($name, 'twice', $t['receipt']);
rq_check([$t['payload'], run($q, $name)] === ['first', ['twice', 'second']], 'each run with its own payload');

rq_check($q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'the queue is empty', $q->size($name));
rq_check($raw->call('EXISTS', $K . ':payloads', $K . ':spare', $K . ':receipts', $K . ':dead', "Queue:$name") === 0,
    'no payload, record, dead letter or task left');

$q->enqueue($name, 'x', payload: 'p-x');
$t = $q->reserve($name, 1, 30);
$q->enqueue($name, 'x', payload: 'p-x2');
rq_check($q->clear($name) === 2 && $raw->call('EXISTS', $K . ':payloads', $K . ':spare', $K . ':stream') === 0,
    'clear(): the running and the parked run, with both payloads, gone');
?>
--EXPECT--
ok: a payload, none, an empty one and bytes under an id of bytes keep their shapes
ok: pop() of a delayed task once due: its payload
ok: remove()
ok: top() shows the payload, dequeue() takes the task
ok: fail() and purgeDead()
ok: dead() shows the payload, retryDead() revives it
ok: the revived task runs with its payload
ok: the run queued again waits for the first
ok: each run with its own payload
ok: the queue is empty
ok: no payload, record, dead letter or task left
ok: clear(): the running and the parked run, with both payloads, gone
