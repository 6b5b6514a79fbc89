--TEST--
enqueue() of one id due now runs the short enqueue_one script and leaves exactly what the enqueue script leaves, in every state of the id, on both layouts; two scripts only where that one must decide
--DESCRIPTION--
On a server of its own (so INFO commandstats counts this test's scripts only),
for each layout (the sorted set; the stream after migrate(), payloads by
reference on; the stream with payloads in its entries, as an earlier release
moved it) and each state of the id (absent,
waiting, delayed, in flight, in flight with a re-run parked, dead, in flight on
the sorted-set layout of a queue the stream layout took over), each payload
(none, empty, 3 bytes, 70,000 bytes) and both replace flags: two queues get the
same history, then queue A gets enqueue() and queue B the enqueue script itself
(its body read from the generated header, sent with EVAL as the extension
builds the call). Their keys must then hold the same: the tasks, due times
(to within a few seconds: the two calls run moments apart), stream entries in
order and their fields, the index, the PEL, records (attempts and limits),
payloads, dead letters, settings and wake-up tokens. The number of scripts the
call sent is counted: one where enqueue_one decides (a new id on either layout,
a waiting id on the stream, any id on the sorted set but a dead one), two where
it hands over (a dead id, an id in flight, delayed or in F, a replace of a
waiting entry).
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$srv = rq_own_main_server();
$raw = new RawRedis();

$body = rq_script_body('enqueue');

$states = ['absent', 'waiting', 'delayed', 'flying', 'parked', 'dead', 'zset-flying'];
$payloads = ['none' => null, 'empty' => '', 'small' => 'abc', 'big' => str_repeat('b', 70000)];
$cases = $same = $scripts = 0;
$bad = [];
$counted = [];
foreach (['zset', 'stream', 'migrated'] as $layout) {
    foreach ($states as $state) {
        if ($state === 'zset-flying' && $layout === 'zset') {
            continue;
        }
        foreach ($payloads as $pl => $payload) {
            foreach ([false, true] as $replace) {
                $names = [];
                foreach (['a', 'b'] as $side) {
                    $name = rl_name(":$layout:$state:$pl:" . (int) $replace . ":$side");
                    $names[$side] = $name;
                    $qz = rq_queue(['queue_layout' => 'zset', 'max_attempts' => 1]);
                    $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto', 'max_attempts' => 1]);
                    if ($state === 'zset-flying') {
                        $qz->enqueue($name, 'T', payload: 'old');
                        $qz->reserve($name, 1, 300);              // T in F, on the sorted-set layout
                    }
                    if ($layout !== 'zset') {
                        $q->migrate($name);
                    }
                    if ($layout === 'stream') {
                        $raw->call('HDEL', "{Queue:$name}:meta", 'p');   // as an earlier release moved it: payloads in entries
                    }
                    match ($state) {
                        'absent', 'zset-flying' => null,
                        'waiting' => $q->enqueue($name, 'T', payload: 'old'),
                        'delayed' => $q->enqueue($name, 'T', afterInterval: 300, payload: 'old'),
                        'flying' => [$q->enqueue($name, 'T', payload: 'old'), $q->reserve($name, 1, 300)],
                        'parked' => [$q->enqueue($name, 'T', payload: 'old'), $q->reserve($name, 1, 300),
                            $q->enqueue($name, 'T', payload: 'again')],
                        'dead' => [$q->enqueue($name, 'T', payload: 'old'), $q->fail($name, $q->reserve($name, 1, 300)['id'])],
                    };
                    $q->enqueue($name, 'other', payload: 'o');
                }
                [$a, $b] = [$names['a'], $names['b']];
                $q = rq_queue(['queue_layout' => $layout === 'zset' ? 'zset' : 'auto']);
                $before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
                $ok = $q->enqueue($a, 'T', replace: $replace, payload: $payload);
                $sent = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') - $before;
                $args = ['1', '0', '', '1', $replace ? '1' : '0', $payload === null ? '0' : '1', 'T'];
                if ($payload !== null) {
                    $args[] = $payload;
                }
                $reply = $raw->call('EVAL', $body, '13', ...rq_enqueue_keys($b), ...$args);
                $cases++;
                $sa = rq_queue_state($raw, $a);
                $sb = rq_queue_state($raw, $b);
                if ($ok === true && is_array($reply) && rq_same_state($sa, $sb)) {
                    $same++;
                } else {
                    $bad[] = ["$layout/$state/$pl/" . (int) $replace, $ok, $reply, $sa, $sb];
                }
                $counted["$layout/$state/" . (int) $replace][] = $sent;
            }
        }
    }
}
rq_check($cases === 160 && $same === $cases, "$same of $cases cases leave the same keys as the enqueue script", $bad ? $bad[0] : null);
/* The scripts each call sent: 1 where enqueue_one decides, 2 where it hands over. */
$want = function (string $layout, string $state, int $replace): int {
    if ($state === 'dead') {
        return 2;
    }
    if ($layout === 'zset' || $state === 'absent') {
        return 1;
    }
    if ($state === 'waiting') {
        return $replace ? 2 : 1;
    }
    return 2;   // in flight, parked, delayed (in Z), in F
};
$wrong = [];
foreach ($counted as $key => $sent) {
    [$layout, $state, $replace] = explode('/', $key);
    if (array_unique($sent) !== [$want($layout, $state, (int) $replace)]) {
        $wrong[$key] = $sent;
    }
}
rq_check($wrong === [], 'one script where enqueue_one decides, two where the enqueue script must', $wrong);

/* A list of one id takes enqueue_one too; an id with a delay the enqueue script. */
$name = rl_name(':list');
$q = rq_queue();
$before = rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval');
$q->enqueue($name, ['x'], payload: ['x' => 'p']);
$q->enqueue($name, 'y', afterInterval: 5);
rq_check(rq_cmd_calls($raw, 'evalsha') + rq_cmd_calls($raw, 'eval') - $before === 2, 'a list of one id is one script, an id with a delay one script');
rq_check($q->size($name) === ['due' => 1, 'delayed' => 1, 'inflight' => 0, 'dead' => 0] && $q->top($name, 1)['payload'] === 'p', 'both queued');
$srv->stop();
?>
--EXPECT--
ok: 160 of 160 cases leave the same keys as the enqueue script
ok: one script where enqueue_one decides, two where the enqueue script must
ok: a list of one id is one script, an id with a delay one script
ok: both queued
