--TEST--
RedisQueue::submit(): each bad argument is a TypeError or a ValueError naming it, sending nothing; binary ids stay apart; a 16 MiB payload goes in
--DESCRIPTION--
Ids with NUL, braces, | and invalid UTF-8 stay apart on both layouts and run once
with the payload their mode kept; a payload of MAX_PAYLOAD_BYTES goes in and
round-trips, one byte more is a ValueError.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$calls = [
    'empty name' => fn () => $q->submit('', 'a'),
    'empty id' => fn () => $q->submit($name, ''),
    'array id' => fn () => $q->submit($name, ['a']),
    'array payload' => fn () => $q->submit($name, 'a', ['a' => 'x']),
    'unknown mode' => fn () => $q->submit($name, 'a', unique: 'forever'),
    'negative delay' => fn () => $q->submit($name, 'a', null, -1),
    'NaN delay' => fn () => $q->submit($name, 'a', null, NAN),
    'infinite delay' => fn () => $q->submit($name, 'a', null, INF),
    'priority' => fn () => $q->submit($name, 'a', priority: 1),
    'window without uniqueFor' => fn () => $q->submit($name, 'a', unique: 'window'),
    'uniqueFor with until_started' => fn () => $q->submit($name, 'a', unique: 'until_started', uniqueFor: 5),
    'negative uniqueFor' => fn () => $q->submit($name, 'a', unique: 'window', uniqueFor: -1),
    'maxWait without debounce' => fn () => $q->submit($name, 'a', maxWait: 5),
    'NaN maxWait' => fn () => $q->submit($name, 'a', unique: 'debounce', maxWait: NAN),
    'maxWait under 1 µs' => fn () => $q->submit($name, 'a', unique: 'debounce', maxWait: 1e-7),
    'uniqueFor under 1 µs' => fn () => $q->submit($name, 'a', unique: 'window', uniqueFor: 1e-7),
    'payload over 16 MiB' => fn () => $q->submit($name, 'a', str_repeat('x', RedisQueue::MAX_PAYLOAD_BYTES + 1)),
];
foreach ($calls as $what => $call) {
    try {
        $call();
        echo "$what: no error\n";
    } catch (Throwable $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo 'nothing sent: ', $raw->call('EXISTS', "Queue:$name", "{Queue:$name}:payloads", "{Queue:$name}:unique"), "\n";
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name($layout);
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $ids = ["a\0b", "a\0c", 'a', '{x}y', 'x|y', 'x|', "\xff\xfe", '}{'];
    $answers = [];
    foreach ($ids as $i => $id) {
        $answers[] = $q->submit($name, $id, "p$i", ...($i % 2 ? ['unique' => 'window', 'uniqueFor' => 60] : ['unique' => 'debounce']));
    }
    foreach ($ids as $i => $id) {
        $answers[] = $q->submit($name, $id, "q$i", ...($i % 2 ? ['unique' => 'window', 'uniqueFor' => 60] : ['unique' => 'debounce']));
    }
    $got = [];
    while ($t = $q->reserve($name, 1, 30)) {
        $got[bin2hex($t['id'])] = $t['payload'];
        $q->ack($name, $t['id'], $t['receipt']);
    }
    ksort($got);
    $want = [];
    foreach ($ids as $i => $id) {
        $want[bin2hex($id)] = $i % 2 ? "p$i" : "q$i";
    }
    ksort($want);
    echo "$layout: ", implode(' ', $answers), "\n";
    rq_check($got === $want, "$layout: every id ran once, with the payload its mode kept", $got);
    $big = str_repeat('b', RedisQueue::MAX_PAYLOAD_BYTES);
    echo "$layout 16 MiB: ", $q->submit($name, 'big', $big, unique: 'until_done'), ' ', $q->submit($name, 'big', 'x', unique: 'until_done'), ' ';
    $t = $q->reserve($name, 1, 30);
    echo strlen($t['payload']), ' ', json_encode($t['payload'] === $big), "\n";
    $q->clear($name);
}
?>
--EXPECT--
empty name: ValueError: RedisQueue::submit(): Argument #1 ($name) must not be empty
empty id: ValueError: RedisQueue::submit(): Argument #2 ($id) must not be empty
array id: TypeError: RedisQueue::submit(): Argument #2 ($id) must be of type string|int, array given
array payload: TypeError: RedisQueue::submit(): Argument #3 ($payload) must be of type ?string, array given
unknown mode: ValueError: RedisQueue::submit(): Argument #6 ($unique) must be one of 'none', 'until_started', 'until_done', 'window' or 'debounce'
negative delay: ValueError: RedisQueue::submit(): Argument #4 ($delay) must be a finite number of seconds between 0 and 1e9
NaN delay: ValueError: RedisQueue::submit(): Argument #4 ($delay) must be a finite number of seconds between 0 and 1e9
infinite delay: ValueError: RedisQueue::submit(): Argument #4 ($delay) must be a finite number of seconds between 0 and 1e9
priority: ValueError: RedisQueue::submit(): Argument #5 ($priority) is not supported yet (priorities come in a later release); use 0
window without uniqueFor: ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) must be at least 0.000001 (1 microsecond) with unique 'window'
uniqueFor with until_started: ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
negative uniqueFor: ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) must be a finite number of seconds between 0 and 1e9
maxWait without debounce: ValueError: RedisQueue::submit(): Argument #8 ($maxWait) is only taken with unique 'debounce'
NaN maxWait: ValueError: RedisQueue::submit(): Argument #8 ($maxWait) must be a finite number of seconds between 0 and 1e9
maxWait under 1 µs: ValueError: RedisQueue::submit(): Argument #8 ($maxWait) must be 0 (no limit) or at least 0.000001 (1 microsecond)
uniqueFor under 1 µs: ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) must be at least 0.000001 (1 microsecond) with unique 'window'
payload over 16 MiB: ValueError: RedisQueue::submit(): Argument #3 ($payload) must not be over 16777216 bytes (16777217 given)
nothing sent: 0
zset: queued queued queued queued queued queued queued queued debounced duplicate debounced duplicate debounced duplicate debounced duplicate
ok: zset: every id ran once, with the payload its mode kept
zset 16 MiB: queued duplicate 16777216 true
stream: queued queued queued queued queued queued queued queued debounced duplicate debounced duplicate debounced duplicate debounced duplicate
ok: stream: every id ran once, with the payload its mode kept
stream 16 MiB: queued duplicate 16777216 true
