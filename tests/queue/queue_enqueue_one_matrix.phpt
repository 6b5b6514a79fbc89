--TEST--
enqueue() of one id due now leaves what the enqueue script leaves across 4 layouts, 20 states of the id, 5 payloads, 3 ids and both replace flags
--DESCRIPTION--
The wide form of queue_enqueue_one: on a server of its own, the layouts (the
sorted set; the stream with payloads by reference; the stream with payloads in
its entries; a queue moved to the stream and back with migrate(back: true)),
the states of the id (absent, waiting, waiting with 70 KB, delayed, in flight,
in flight with 70 KB, parked, parked then replaced, dead, dead with 70 KB, in
the sorted set's reservations while the queue is on the stream, released,
released with a delay, lapsed and not yet settled, acked, dead then retried,
submit()'s debounce, submit() with a delay, removed, failed with a run parked),
the payloads (none, empty, binary with NUL and braces, 65,536 and 65,537 bytes),
the ids ('T', NUL with invalid UTF-8 and braces, the int 123): queue A gets
enqueue() and queue B the enqueue script itself, and their keys must hold the
same (as queue_enqueue_one compares them).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$srv = rq_own_main_server();
$raw = new RawRedis();

$body = rq_script_body('enqueue');

$states = ['absent', 'waiting', 'waitbig', 'delayed', 'flying', 'flybig', 'parked', 'parkrep', 'dead', 'deadbig', 'zset-flying',
    'released', 'reldelay', 'lapsed', 'acked', 'retried', 'debounce', 'subdelay', 'removed', 'failedpark'];
$payloads = ['none' => null, 'empty' => '', 'bin' => "\0\xff\xfe{}", 'i64k' => str_repeat('c', 65536), 'i64k1' => str_repeat('d', 65537)];
$idset = ['T' => 'T', 'nul' => "\0\xff{a}b}", 'int' => 123];
$cases = $same = 0;
$bad = [];
$todo = [];
$n = 0;
$QZ = rq_queue(['queue_layout' => 'zset', 'max_attempts' => 2]);
$QA = rq_queue(['queue_layout' => 'auto', 'max_attempts' => 2]);
$PZ = rq_queue(['queue_layout' => 'zset']);
$PA = rq_queue(['queue_layout' => 'auto']);
foreach (['zset', 'stream', 'migrated', 'back'] as $layout) {
    foreach ($states as $state) {
        if ($state === 'zset-flying' && $layout === 'zset') {
            continue;
        }
        foreach ($payloads as $pl => $payload) {
            foreach ([false, true] as $replace) {
                foreach ($idset as $ik => $id) {
                    $names = [];
                    $n++;
                    foreach (['a', 'b'] as $side) {
                        $name = rl_name(":$n:$side");
                        $names[$side] = $name;
                        $qz = $QZ;
                        $q = $layout === 'zset' ? $QZ : $QA;
                        if ($state === 'zset-flying') {
                            $qz->enqueue($name, $id, payload: 'old');
                            $qz->reserve($name, 1, 300);
                        }
                        if ($layout !== 'zset') {
                            $q->migrate($name);
                        }
                        if ($layout === 'stream') {
                            $raw->call('HDEL', "{Queue:$name}:meta", 'p');
                        }
                        $big = str_repeat('B', 70000);
                        switch ($state) {
                            case 'absent': case 'zset-flying': break;
                            case 'waiting': $q->enqueue($name, $id, payload: 'old'); break;
                            case 'waitbig': $q->enqueue($name, $id, payload: $big); break;
                            case 'delayed': $q->enqueue($name, $id, afterInterval: 300, payload: 'old'); break;
                            case 'flying': $q->enqueue($name, $id, payload: 'old'); $q->reserve($name, 1, 300); break;
                            case 'flybig': $q->enqueue($name, $id, payload: $big); $q->reserve($name, 1, 300); break;
                            case 'parked': $q->enqueue($name, $id, payload: 'old'); $q->reserve($name, 1, 300); $q->enqueue($name, $id, payload: 'again'); break;
                            case 'parkrep': $q->enqueue($name, $id, payload: 'old'); $q->reserve($name, 1, 300); $q->enqueue($name, $id, payload: $big); $q->enqueue($name, $id, replace: true, payload: 'x'); break;
                            case 'dead': $q->enqueue($name, $id, payload: 'old'); $q->fail($name, $q->reserve($name, 1, 300)['id']); break;
                            case 'deadbig': $q->enqueue($name, $id, payload: $big); $q->fail($name, $q->reserve($name, 1, 300)['id']); break;
                            case 'released': $q->enqueue($name, $id, payload: 'old'); $q->release($name, $q->reserve($name, 1, 300)['id']); break;
                            case 'reldelay': $q->enqueue($name, $id, payload: 'old'); $q->release($name, $q->reserve($name, 1, 300)['id'], 300); break;
                            case 'lapsed': $q->enqueue($name, $id, payload: 'old'); $q->reserve($name, 1, 1); break;
                            case 'acked': $q->enqueue($name, $id, payload: 'old'); $q->ack($name, $q->reserve($name, 1, 300)['id']); break;
                            case 'retried': $q->enqueue($name, $id, payload: 'old'); $q->fail($name, $q->reserve($name, 1, 300)['id']); $q->retryDead($name); break;
                            case 'debounce': $q->submit($name, $id, 'old', unique: 'debounce'); break;
                            case 'subdelay': $q->submit($name, $id, 'old', delay: 300); break;
                            case 'removed': $q->enqueue($name, $id, payload: 'old'); $q->remove($name, $id); break;
                            case 'failedpark': $q->enqueue($name, $id, payload: 'old'); $q->reserve($name, 1, 300); $q->enqueue($name, $id, payload: 'again'); $q->fail($name, $id); break;
                        }
                        $q->enqueue($name, 'other', payload: 'o');
                        if ($layout === 'back') {
                            $q->migrate($name, back: true);
                        }
                    }
                    $todo[] = [$names, "$layout/$state/$pl/" . (int) $replace . "/$ik", $layout, $id, $payload, $replace];
                }
            }
        }
    }
}
usleep(1200000);   // the lapsed ones lapse
foreach ($todo as [$names, $label, $layout, $id, $payload, $replace]) {
    [$a, $b] = [$names['a'], $names['b']];
    $q = $layout === 'zset' ? $PZ : $PA;
    try {
        $ok = $q->enqueue($a, $id, replace: $replace, payload: $payload);
    } catch (Throwable $e) {
        $ok = get_class($e) . ': ' . $e->getMessage();
    }
    $args = ['1', '0', '', '1', $replace ? '1' : '0', $payload === null ? '0' : '1', (string) $id];
    if ($payload !== null) {
        $args[] = $payload;
    }
    try {
        $reply = $raw->call('EVAL', $body, '13', ...rq_enqueue_keys($b), ...$args);
    } catch (Throwable $e) {
        $reply = 'ERR ' . $e->getMessage();
    }
    $cases++;
    $sa = rq_queue_state($raw, $a);
    $sb = rq_queue_state($raw, $b);
    if ($ok === true && is_array($reply) && rq_same_state($sa, $sb)) {
        $same++;
    } else {
        $bad[] = [$label, $ok, $reply, $sa, $sb];
    }
}
rq_check($same === $cases, "$same of $cases cases leave the same keys as the enqueue script", $bad ? array_map(fn($x) => $x[0], $bad) : null);
if ($bad) {
    $x = $bad[0];
    array_walk_recursive($x, function (&$v) { if (is_string($v) && strlen($v) > 40) { $v = substr($v, 0, 20) . '...(' . strlen($v) . ')'; } });
    echo json_encode($x, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), "\n";
}
$srv->stop();
?>
--EXPECT--
ok: 2370 of 2370 cases leave the same keys as the enqueue script
