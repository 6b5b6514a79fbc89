--TEST--
RedisQueue counters written over by hand never stand in the way: acks, releases, fails, lapses and reserves go on, both layouts, and stats() tells the queue with 'counts' null
--DESCRIPTION--
The counters' key is the queue's own, but anything with the server's password may
write it: a field that is no integer, a field at 2^63 - 1 (HINCRBY refuses to
pass it; the sums stats() makes stop there too), the key of another type. Counting is a pcall in every script: a counter
the server refuses is left as it is, and the call that counts goes on unchanged.
stats() gives the queue's state with 'counts' => null while the key is not a
hash of counts, and history() has no minute for a key of another type.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
foreach (['zset', 'stream'] as $layout) {
    foreach (['field' => null, 'max' => null, 'string' => null] as $how => $_) {
        $name = rl_name("$layout-$how");
        $key = "{Queue:$name}:counts";
        $q = new RedisQueue(rl_options(['max_attempts' => 3]));
        $q->enqueue($name, ['a', 'b', 'c', 'd']);
        if ($layout === 'stream') {
            $q->migrate($name);
        }
        match ($how) {
            'field' => $raw->call('HSET', $key, 'p', 'many', 'd0', 'x', 'f', '1.5', 'r', '', 'm', 'now'),
            'max' => $raw->call('HSET', $key, 'p', '9223372036854775807', 'd0', '9223372036854775807', 'x', '9223372036854775807'),
            'string' => $raw->call('SET', $key, 'not counters'),
        };
        $ok = [];
        $t = $q->reserve($name, 1, 60);
        $ok[] = $q->ack($name, $t['id'], $t['receipt']);                 // timed
        $t = $q->reserve($name, 1, 60);
        $ok[] = (new RedisQueue(rl_dsn()))->ack($name, $t['id'], $t['receipt']);   // untimed
        $t = $q->reserve($name, 1, 60);
        $ok[] = $q->release($name, $t['id'], 0, $t['receipt']);
        $t = $q->reserve($name, 1, 60);
        $ok[] = $q->fail($name, $t['id'], $t['receipt']);
        $t = $q->reserve($name, 1, 0.2);                                // lapses
        usleep(1300000);
        $t2 = $q->reserve($name, 1, 60);
        $ok[] = $t2 !== false && $q->ack($name, $t2['id'], $t2['receipt']);
        $s = $q->stats($name);
        $size = $q->size($name);
        $counts = $s['counts'];
        $history = $q->history($name);
        $okCounts = match ($how) {
            // The fields the server refused stay as written; the others count.
            'field' => $counts === null && $raw->call('HGET', $key, 'p') === 'many' && $raw->call('HGET', $key, 'x') === '1',
            'max' => $counts !== null && $counts['processed'] === PHP_INT_MAX && $counts['durations']['+Inf'] === PHP_INT_MAX
                && $counts['dead'] === PHP_INT_MAX && $counts['released'] === 1,
            'string' => $counts === null && $raw->call('GET', $key) === 'not counters' && $history === [],
        };
        rq_check(!in_array(false, $ok, true) && $size === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 1] && $okCounts,
            "$layout, $how: every call went on; the counters the server refused left as they were", [$ok, $size, $counts]);
        $raw->call('DEL', $key);
        $q->clear($name);
        $raw->call('DEL', $key, "{Queue:$name}:meta", "{Queue:$name}:stream");
    }
}
?>
--EXPECT--
ok: zset, field: every call went on; the counters the server refused left as they were
ok: zset, max: every call went on; the counters the server refused left as they were
ok: zset, string: every call went on; the counters the server refused left as they were
ok: stream, field: every call went on; the counters the server refused left as they were
ok: stream, max: every call went on; the counters the server refused left as they were
ok: stream, string: every call went on; the counters the server refused left as they were
