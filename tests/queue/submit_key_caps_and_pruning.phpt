--TEST--
RedisQueue::submit() with a uniqueKey: $uniqueFor caps the key's hold (waiting or in flight) by the server's clock, and the keys of finished holders are pruned as submits come
--DESCRIPTION--
The cap is checked against what the server keeps ("<cap µs>|<holder>" against TIME),
and passes by waiting well past it (a slow machine only waits longer). Then 600 keys
whose holders were acked, and 300 submits of new keys: the stale ones are pruned
(3 entries sampled a call), and no key whose holder still waits is pruned. Errors name
the argument and change nothing.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q = rq_queue();
foreach (['zset', 'stream'] as $layout) {
    $name = rl_name();
    if ($layout === 'stream') {
        $q->migrate($name);
    }
    $kk = "{Queue:$name}:keyed";
    /* A cap of 60 s: its end is the submit's server time + 60 s. */
    $before = rq_server_time($raw);
    $q->submit($name, 'a1', 'x', unique: 'until_done', uniqueFor: 60, uniqueKey: 'k');
    $after = rq_server_time($raw);
    [$cap, $mode, $who] = explode('|', $raw->call('HGET', $kk, 'kk'), 3);
    rq_check($who === 'a1' && $mode === 'd' && $cap / 1e6 >= $before + 60 - 0.001 && $cap / 1e6 <= $after + 60 + 0.001,
        "$layout: the cap is the submit's server time + uniqueFor", [$cap, $before, $after]);
    echo "$layout waiting, capped: ", $q->submit($name, 'a2', 'y', unique: 'until_done', uniqueFor: 60, uniqueKey: 'k'), "\n";
    /* Caps that pass: waiting (until_started, until_done) and in flight (until_done). */
    foreach (['until_started', 'until_done'] as $mode) {
        $key = "short-$mode";
        $q->submit($name, "$mode-1", 'x', unique: $mode, uniqueFor: 0.05, uniqueKey: $key);
        usleep(200000);
        echo "$layout $mode waiting past its cap: ",
            $q->submit($name, "$mode-2", 'y', unique: $mode, uniqueFor: 0.05, uniqueKey: $key), "\n";
    }
    $q->clear($name);
    $q->submit($name, 'f1', 'x', unique: 'until_done', uniqueFor: 0.05, uniqueKey: 'k');
    $t = $q->reserve($name, 1, 30);
    usleep(200000);
    echo "$layout until_done in flight past its cap: ",
        $q->submit($name, 'f2', 'y', unique: 'until_done', uniqueFor: 0.05, uniqueKey: 'k'), "\n";
    $q->clear($name);

    /* Pruning: 600 stale keys, one live key, then 300 submits of new keys. */
    $q->submit($name, 'live', 'x', unique: 'until_done', uniqueKey: 'live-key', delay: 3600);
    for ($i = 0; $i < 600; $i++) {
        $q->submit($name, "s$i", 'x', unique: 'until_done', uniqueKey: "stale$i");
    }
    $forward = fn () => count(array_filter($raw->call('HKEYS', $kk), fn ($f) => $f[0] === 'k'));
    $held = $forward();
    for ($i = 0; $i < 600; $i++) {
        $t = $q->reserve($name, 1, 30);
        $q->ack($name, $t['id'], $t['receipt']);
    }
    for ($i = 0; $i < 300; $i++) {
        $q->submit($name, "n$i", 'x', unique: 'until_started', uniqueKey: "new$i", delay: 3600);
    }
    $stale = 0;
    foreach ($raw->call('HKEYS', $kk) as $f) {
        $stale += str_starts_with($f, 'kstale') ? 1 : 0;
    }
    $orphans = 0;
    $all = $raw->call('HGETALL', $kk);
    for ($i = 0; $i < count($all); $i += 2) {
        [$f, $v] = [$all[$i], $all[$i + 1]];
        if ($f[0] === 'i' && (explode('|', (string) $raw->call('HGET', $kk, "k$v"), 3)[2] ?? null) !== substr($f, 1)) {
            $orphans++;
        }
    }
    rq_check($orphans === 0 && $raw->call('HLEN', $kk) === 2 * $forward(), "$layout: each hold is a pair of entries (the key's and its holder's), none left alone", [$orphans, $raw->call('HLEN', $kk), $forward()]);
    rq_check($held === 601, "$layout: no key was pruned while its holder waited", $held);
    rq_check($stale < 250, "$layout: 300 submits pruned most of 600 stale keys", $stale);
    rq_check($raw->call('HEXISTS', $kk, 'klive-key') === 1 && $forward() - $stale === 301,
        "$layout: no key whose holder waits was pruned");
    echo "$layout live key still held: ", $q->submit($name, 'live2', 'x', unique: 'until_done', uniqueKey: 'live-key'), "\n";
    $q->clear($name);
}
/* Errors name the argument, and write nothing. */
$name = rl_name();
foreach ([
    fn () => $q->submit($name, 'e', uniqueKey: 'k'),
    fn () => $q->submit($name, 'e', unique: 'until_started', uniqueKey: ''),
    fn () => $q->submit($name, 'e', unique: 'until_started', uniqueKey: str_repeat('k', 65537)),
    fn () => $q->submit($name, 'e', unique: 'until_started', uniqueFor: 1),
    fn () => $q->submit($name, 'e', unique: 'debounce', uniqueFor: 1, uniqueKey: 'k'),
    fn () => $q->submit($name, 'e', unique: 'until_started', uniqueFor: 1e-9, uniqueKey: 'k'),
    fn () => $q->submit($name, 'e', unique: 'until_started', uniqueKey: []),
] as $call) {
    try {
        $call();
        echo "no error\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo 'keys written: ', count($raw->call('KEYS', "{Queue:$name}*")), "\n";
/* The longest key and bytes of every kind are taken. */
$long = str_repeat("\0{}\xff", 16384);
echo $q->submit($name, 'b1', unique: 'until_started', uniqueKey: $long), ' ', $q->submit($name, 'b2', unique: 'until_started', uniqueKey: $long), "\n";
$q->clear($name);
?>
--EXPECT--
ok: zset: the cap is the submit's server time + uniqueFor
zset waiting, capped: duplicate
zset until_started waiting past its cap: queued
zset until_done waiting past its cap: queued
zset until_done in flight past its cap: queued
ok: zset: each hold is a pair of entries (the key's and its holder's), none left alone
ok: zset: no key was pruned while its holder waited
ok: zset: 300 submits pruned most of 600 stale keys
ok: zset: no key whose holder waits was pruned
zset live key still held: duplicate
ok: stream: the cap is the submit's server time + uniqueFor
stream waiting, capped: duplicate
stream until_started waiting past its cap: queued
stream until_done waiting past its cap: queued
stream until_done in flight past its cap: queued
ok: stream: each hold is a pair of entries (the key's and its holder's), none left alone
ok: stream: no key was pruned while its holder waited
ok: stream: 300 submits pruned most of 600 stale keys
ok: stream: no key whose holder waits was pruned
stream live key still held: duplicate
ValueError: RedisQueue::submit(): Argument #9 ($uniqueKey) is only taken with a unique mode other than 'none'
ValueError: RedisQueue::submit(): Argument #9 ($uniqueKey) must be 1 to 65536 bytes long (0 given)
ValueError: RedisQueue::submit(): Argument #9 ($uniqueKey) must be 1 to 65536 bytes long (65537 given)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) is only taken with unique 'window' or 'until_done' (or 'until_started' with a uniqueKey)
ValueError: RedisQueue::submit(): Argument #7 ($uniqueFor) must be 0 (no cap) or at least 0.000001 (1 microsecond) with unique 'until_started'
TypeError: RedisQueue::submit(): Argument #9 ($uniqueKey) must be of type ?string, array given
keys written: 0
queued duplicate
