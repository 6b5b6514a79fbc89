--TEST--
RedisQueue::submit() with a uniqueKey: a key is held by the run that took it, by the mode it was queued with; a later run of the holder's id (enqueue, retryDead, submit) holds nothing
--DESCRIPTION--
On both layouts:
- a holder that ended (acked, dead) and whose id is queued again without the key
  (enqueue(), enqueue() of a list, retryDead(), submit() without it) holds nothing:
  the next submit of another id under the key is queued, with or without other
  keyed submits (which prune) in between; the reverse entry goes with it;
- a holder's run that goes on (in flight, with a re-run of its id parked behind
  it by enqueue()) keeps the key;
- a window and a holder on one key each hold it against the other; an id holds
  one key, and a submit of it under another key moves its hold there;
- the hold is the holder's mode's: an 'until_started' holder in flight holds
  nothing for an 'until_done' submit; an 'until_done' holder in flight holds the
  key against an 'until_started' submit; a holder's cap is its own.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
function kv(RawRedis $raw, string $name): string
{
    $v = $raw->call('HGET', "{Queue:$name}:keyed", 'kK');
    return $v === null ? '-' : explode('|', $v, 3)[2];
}
$layouts = ['zset', 'stream'];
foreach ($layouts as $layout) {
    $fresh = function () use ($q, $layout): string {
        $name = rl_name();
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        return $name;
    };
    $again = [
        'enqueue()' => fn ($name) => $q->enqueue($name, 'A', payload: 'plain'),
        'enqueue() of a list' => fn ($name) => $q->enqueue($name, ['A', 'Z'], payload: ['A' => 'p', 'Z' => 'z']),
        'submit() without the key' => fn ($name) => $q->submit($name, 'A', 'plain', unique: 'until_done'),
    ];
    foreach (['until_started', 'until_done'] as $mode) {
        foreach ($again as $how => $call) {
            $name = $fresh();
            $q->submit($name, 'A', 'a', unique: $mode, uniqueKey: 'K');
            $t = $q->reserve($name, 1, 30);
            $q->ack($name, $t['id'], $t['receipt']);
            $call($name);
            echo "$layout $mode, A acked then queued again by $how; B: ",
                $q->submit($name, 'B', 'b', unique: $mode, uniqueKey: 'K'), ' holder ', kv($raw, $name),
                ', reverse of A ', $raw->call('HEXISTS', "{Queue:$name}:keyed", 'iA'), "\n";
            $q->clear($name);
        }
    }
    foreach ([0, 60] as $others) {
        $name = $fresh();
        $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
        $t = $q->reserve($name, 1, 30);
        $q->fail($name, 'A', $t['receipt']);
        for ($i = 0; $i < $others; $i++) {
            $q->submit($name, "o$i", 'o', unique: 'until_done', uniqueKey: "other$i");
        }
        $q->retryDead($name, 'A');
        echo "$layout A dead, $others other keyed submits, retryDead(A); B: ",
            $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K'), ' holder ', kv($raw, $name), "\n";
        $q->clear($name);
    }
    /* A run that goes on keeps its key: A in flight, A enqueued again (parked behind it). */
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
    $t = $q->reserve($name, 1, 30);
    $q->enqueue($name, 'A', payload: 'retry');
    echo "$layout A in flight with a re-run parked; B: ", $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K');
    $q->ack($name, $t['id'], $t['receipt']);
    echo "; A acked, its re-run waits; C: ", $q->submit($name, 'C', 'c', unique: 'until_done', uniqueKey: 'K'), "\n";
    $q->clear($name);
    /* The holder's mode decides. */
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_started', uniqueKey: 'K');
    $q->reserve($name, 1, 30);
    echo "$layout A(until_started) in flight; B until_done: ", $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K'), "\n";
    $q->clear($name);
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
    $q->reserve($name, 1, 30);
    echo "$layout A(until_done) in flight; B until_started: ", $q->submit($name, 'B', 'b', unique: 'until_started', uniqueKey: 'K'),
        '; C debounce: ', $q->submit($name, 'C', 'c', unique: 'debounce', uniqueKey: 'K'), "\n";
    $q->clear($name);
    /* A window and a holder on one key: each holds it against the other. */
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
    echo "$layout A(until_done) waits; B window: ", $q->submit($name, 'B', 'b', unique: 'window', uniqueFor: 60, uniqueKey: 'K');
    $q->clear($name);
    $q->submit($name, 'C', 'c', unique: 'window', uniqueFor: 60, uniqueKey: 'K');
    echo "; C's window open; D until_done: ", $q->submit($name, 'D', 'd', unique: 'until_done', uniqueKey: 'K'),
        ', E debounce: ', $q->submit($name, 'E', 'e', unique: 'debounce', uniqueKey: 'K'), "\n";
    $q->clear($name);
    /* An id holds one key: submitted under another while it runs, its hold moves there. */
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_done', uniqueKey: 'K');
    $q->reserve($name, 1, 30);
    echo "$layout A runs holding K; A under K2: ", $q->submit($name, 'A', 'a2', unique: 'until_started', uniqueKey: 'K2'),
        '; holder of K: ', kv($raw, $name), '; B under K: ', $q->submit($name, 'B', 'b', unique: 'until_done', uniqueKey: 'K'), "\n";
    $q->clear($name);
    $name = $fresh();
    $q->submit($name, 'A', 'a', unique: 'until_done', uniqueFor: 0.01, uniqueKey: 'K');
    usleep(100000);
    echo "$layout A's cap of 10 ms passed; B with a cap of an hour: ", $q->submit($name, 'B', 'b', unique: 'until_done', uniqueFor: 3600, uniqueKey: 'K'),
        '; C: ', $q->submit($name, 'C', 'c', unique: 'until_done', uniqueKey: 'K'), "\n";
    $q->clear($name);
}
?>
--EXPECT--
zset until_started, A acked then queued again by enqueue(); B: queued holder B, reverse of A 0
zset until_started, A acked then queued again by enqueue() of a list; B: queued holder B, reverse of A 0
zset until_started, A acked then queued again by submit() without the key; B: queued holder B, reverse of A 0
zset until_done, A acked then queued again by enqueue(); B: queued holder B, reverse of A 0
zset until_done, A acked then queued again by enqueue() of a list; B: queued holder B, reverse of A 0
zset until_done, A acked then queued again by submit() without the key; B: queued holder B, reverse of A 0
zset A dead, 0 other keyed submits, retryDead(A); B: queued holder B
zset A dead, 60 other keyed submits, retryDead(A); B: queued holder B
zset A in flight with a re-run parked; B: duplicate; A acked, its re-run waits; C: duplicate
zset A(until_started) in flight; B until_done: queued
zset A(until_done) in flight; B until_started: duplicate; C debounce: duplicate
zset A(until_done) waits; B window: duplicate; C's window open; D until_done: duplicate, E debounce: duplicate
zset A runs holding K; A under K2: queued; holder of K: -; B under K: queued
zset A's cap of 10 ms passed; B with a cap of an hour: queued; C: duplicate
stream until_started, A acked then queued again by enqueue(); B: queued holder B, reverse of A 0
stream until_started, A acked then queued again by enqueue() of a list; B: queued holder B, reverse of A 0
stream until_started, A acked then queued again by submit() without the key; B: queued holder B, reverse of A 0
stream until_done, A acked then queued again by enqueue(); B: queued holder B, reverse of A 0
stream until_done, A acked then queued again by enqueue() of a list; B: queued holder B, reverse of A 0
stream until_done, A acked then queued again by submit() without the key; B: queued holder B, reverse of A 0
stream A dead, 0 other keyed submits, retryDead(A); B: queued holder B
stream A dead, 60 other keyed submits, retryDead(A); B: queued holder B
stream A in flight with a re-run parked; B: duplicate; A acked, its re-run waits; C: duplicate
stream A(until_started) in flight; B until_done: queued
stream A(until_done) in flight; B until_started: duplicate; C debounce: duplicate
stream A(until_done) waits; B window: duplicate; C's window open; D until_done: duplicate, E debounce: duplicate
stream A runs holding K; A under K2: queued; holder of K: -; B under K: queued
stream A's cap of 10 ms passed; B with a cap of an hour: queued; C: duplicate
