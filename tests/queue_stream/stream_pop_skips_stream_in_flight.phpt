--TEST--
RedisQueue stream layout: pop() never hands out an id in flight on the stream that a producer of the release before the stream layout (d2e53ad) queued again into the zset
--DESCRIPTION--
The release d2e53ad, built from this tree's git history, knows only the zset. On
a queue migrate() moved onto the stream, this release's worker reserves X from
the stream; the old release's producer then queues X again, into the zset, while
that run is in flight (with and without a payload: the zset pop's fast path is
the one for a queue without payloads). pop() and reserve() must not hand X out
while the run lasts; after the worker's ack, X comes once more, with the later
payload.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('d2e53ad')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('d2e53ad');
foreach ([null, 'run-2'] as $payload) {
    $name = rl_name();
    $q = rq_queue();
    $q->migrate($name);
    $q->enqueue($name, 'X', payload: $payload === null ? null : 'run-1');
    $r = $q->reserve($name, 1, 30);
    echo 'reserved: ', $r['id'], "\n";
    $old = rl_run_old_php($so, '
$q = new RedisQueue(rl_dsn());
var_dump($q->enqueue(' . var_export($name, true) . ', "X"' . ($payload === null ? '' : ', payload: "run-2"') . '));
');
    echo $old['stdout'], $old['stderr'];
    echo 'pop during the run: ', json_encode($q->pop($name)), "\n";
    echo 'reserve during the run: ', json_encode($q->reserve($name, 1, 30)), "\n";
    echo 'pop of two during the run: ', json_encode($q->pop($name, 2)), "\n";
    var_dump($q->ack($name, 'X', $r['receipt']));
    $p = $q->pop($name);
    echo 'after the ack: ', $p['id'] ?? 'none', ' ', json_encode($p['payload'] ?? null), "\n";
    echo 'then: ', json_encode($q->pop($name)), "\n";
}
?>
--EXPECT--
reserved: X
bool(true)
pop during the run: false
reserve during the run: false
pop of two during the run: []
bool(true)
after the ack: X null
then: false
reserved: X
bool(true)
pop during the run: false
reserve during the run: false
pop of two during the run: []
bool(true)
after the ack: X "run-2"
then: false
