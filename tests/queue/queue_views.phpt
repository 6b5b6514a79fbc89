--TEST--
RedisQueue::delayed() and reserved(): the tasks not due yet, earliest first, and the tasks in flight, with deadlines, attempts and payloads, on both layouts, without changing them
--DESCRIPTION--
On each layout (the sorted set, and the stream after migrate()): two due tasks,
two delayed ones (one with a payload), then a reservation of one due task with
a visibility of 40 s. delayed() lists the two delayed tasks, earliest due first,
with their due times (as ZSCORE reads them), no attempts and their payloads;
reserved() lists the reservation with its deadline (40 s after the server's time
of the reservation, which lies between its TIME read before and after, to the
millisecond the PEL keeps), one attempt and its payload. A task released
with a delay is delayed again with its one attempt; reserved once more it shows
two, and a touch() moves its deadline. A binary id (NUL, invalid UTF-8, braces)
and an empty payload come back byte for byte. Neither call changes the queue:
its keys' DUMPs are the same before and after. A count caps the list; a count
below 1, an empty name or a wrong type is refused before anything is sent.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
/** Every key of queue $name, DUMPed (the state both calls must leave alone). */
function qv_state(RawRedis $raw, string $name): array
{
    $out = [];
    foreach (rq_keys_containing($raw, $name) as $key) {
        $out[$key] = $raw->call('DUMP', $key);
    }
    ksort($out);
    return $out;
}
foreach (['zset', 'stream'] as $layout) {
    $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']);
    $name = rl_name(":$layout");
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $odd = "odd\0\xff{x}";
    $q->enqueue($name, 'due1', payload: 'p1');
    $q->enqueue($name, $odd, payload: '');
    $q->enqueue($name, 'late', afterInterval: 300, payload: 'pl');
    $q->enqueue($name, 'soon', afterInterval: 100);
    $s0 = rq_server_time($raw);
    $r = $q->reserve($name, 1, 40);
    $s1 = rq_server_time($raw);
    rq_check(is_array($r) && $r['id'] === 'due1', "$layout: the first due task reserved", $r);

    $before = qv_state($raw, $name);
    $delayed = $q->delayed($name);
    $reserved = $q->reserved($name);
    rq_check(qv_state($raw, $name) === $before, "$layout: listing changed no key");
    rq_check(array_column($delayed, 'id') === ['soon', 'late'], "$layout: delayed() earliest due first", $delayed);
    $z = "Queue:$name";
    rq_check($delayed[0]['score'] === (float) $raw->call('ZSCORE', $z, 'soon') && $delayed[1]['score'] === (float) $raw->call('ZSCORE', $z, 'late'),
        "$layout: each with its due time", $delayed);
    rq_check($delayed[0]['attempts'] === 0 && !isset($delayed[0]['payload']) && $delayed[1]['payload'] === 'pl', "$layout: no attempts, and the payloads", $delayed);
    rq_check(array_column($reserved, 'id') === ['due1'] && $reserved[0]['attempts'] === 1 && $reserved[0]['payload'] === 'p1',
        "$layout: reserved() the reservation, one attempt, its payload", $reserved);
    /* Reserved between the server's times s0 and s1 (read before and after), for 40 s: the
     * stream layout's PEL counts whole milliseconds. */
    $deadline = $reserved[0]['deadline'];
    rq_check($deadline >= $s0 + 40 - 0.002 && $deadline <= $s1 + 40 + 0.002, "$layout: its deadline is the server's, 40 s after the reservation", [$s0, $deadline, $s1]);

    /* Released with a delay: delayed again, its attempt kept; reserved again: two. */
    rq_check($q->release($name, 'due1', 50, $r['receipt']), "$layout: released for 50 s");
    $delayed = $q->delayed($name);
    rq_check(array_column($delayed, 'id') === ['due1', 'soon', 'late'] && $delayed[0]['attempts'] === 1 && $delayed[0]['payload'] === 'p1',
        "$layout: the released task is delayed with its attempt", $delayed);
    rq_check($q->reserved($name) === [], "$layout: nothing in flight");
    $r = $q->reserve($name, 1, 40);
    rq_check(is_array($r) && $r['id'] === $odd, "$layout: the binary id reserved", $r);
    $raw->call('ZADD', $z, 'XX', '0', 'due1');
    $r2 = $q->reserve($name, 1, 5);
    $reserved = $q->reserved($name, 10);
    $byId = array_column($reserved, null, 'id');
    rq_check(count($reserved) === 2 && $byId[$odd]['attempts'] === 1 && $byId[$odd]['payload'] === '' && $byId['due1']['attempts'] === 2,
        "$layout: the binary id byte for byte with its empty payload, and the released task's second attempt", $reserved);
    $old = $byId['due1']['deadline'];
    rq_check($q->touch($name, 'due1', 60, $r2['receipt']), "$layout: touched for 60 s");
    $byId = array_column($q->reserved($name), null, 'id');
    rq_check($byId['due1']['deadline'] > $old + 50, "$layout: the touch moved its deadline", [$old, $byId['due1']['deadline']]);
    rq_check(count($q->reserved($name, 1)) === 1 && count($q->delayed($name, 1)) === 1, "$layout: a count caps the list");
    $q->clear($name);
    rq_check($q->delayed($name) === [] && $q->reserved($name) === [], "$layout: an empty queue lists nothing");
}

$q = rq_queue();
$monitor = rl_monitor();
$name = rl_name(':errors');
foreach ([fn () => $q->delayed($name, 0), fn () => $q->reserved($name, -1), fn () => $q->delayed(''), fn () => $q->reserved(''),
    fn () => $q->delayed($name, 'x'), fn () => $q->reserved([])] as $i => $call) {
    try {
        $call();
        echo "$i: no error\n";
    } catch (Throwable $e) {
        echo "$i: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
rq_check(!str_contains(rq_monitor_take($monitor), $name), 'nothing was sent for a refused call');
?>
--EXPECTF--
ok: zset: the first due task reserved
ok: zset: listing changed no key
ok: zset: delayed() earliest due first
ok: zset: each with its due time
ok: zset: no attempts, and the payloads
ok: zset: reserved() the reservation, one attempt, its payload
ok: zset: its deadline is the server's, 40 s after the reservation
ok: zset: released for 50 s
ok: zset: the released task is delayed with its attempt
ok: zset: nothing in flight
ok: zset: the binary id reserved
ok: zset: the binary id byte for byte with its empty payload, and the released task's second attempt
ok: zset: touched for 60 s
ok: zset: the touch moved its deadline
ok: zset: a count caps the list
ok: zset: an empty queue lists nothing
ok: stream: the first due task reserved
ok: stream: listing changed no key
ok: stream: delayed() earliest due first
ok: stream: each with its due time
ok: stream: no attempts, and the payloads
ok: stream: reserved() the reservation, one attempt, its payload
ok: stream: its deadline is the server's, 40 s after the reservation
ok: stream: released for 50 s
ok: stream: the released task is delayed with its attempt
ok: stream: nothing in flight
ok: stream: the binary id reserved
ok: stream: the binary id byte for byte with its empty payload, and the released task's second attempt
ok: stream: touched for 60 s
ok: stream: the touch moved its deadline
ok: stream: a count caps the list
ok: stream: an empty queue lists nothing
0: ValueError: RedisQueue::delayed(): Argument #2 ($count) must be %s
1: ValueError: RedisQueue::reserved(): Argument #2 ($count) must be %s
2: ValueError: RedisQueue::delayed(): Argument #1 ($name) must %s
3: ValueError: RedisQueue::reserved(): Argument #1 ($name) must %s
4: TypeError: RedisQueue::delayed(): Argument #2 ($count) must be of type int, string given
5: TypeError: RedisQueue::reserved(): Argument #1 ($name) must be of type string, array given
ok: nothing was sent for a refused call
