--TEST--
RedisQueue upgrade: a task waiting on the stream that a producer of the release before the stream layout (d2e53ad, built here) queues again runs once, with its first payload
--DESCRIPTION--
The previous release, built from this tree's git history (d2e53ad, the last one
before the stream layout), knows only the zset: its enqueue() of an id puts it in
the queue's zset, even while the same task waits on the stream, not yet
delivered. On either layout an enqueue() of a waiting id keeps the one waiting.
A worker of this build must then run the task once: the stream's upkeep drops
the zset's copy instead of keeping it for after the stream's run. A second id,
queued by the old producer alone, is promoted and runs once. Order and counts
only: each reserve() that finds nothing has run the upkeep.
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
$name = rl_name();
$q = rq_queue();
/* The scripts cached on the server first (a reserve() of another queue): the
 * upkeep then runs ahead of the read in one write, as it does once they are. */
$q->reserve(rl_name(), 1);
echo json_encode($q->migrate($name)), "\n";          // the explicit step onto the stream
$q->enqueue($name, 'a', payload: 'first');
$old = rl_run_old_php($so, '
$q = new RedisQueue(rl_dsn());
var_dump($q->enqueue(' . var_export($name, true) . ', "a", payload: "second"));
var_dump($q->enqueue(' . var_export($name, true) . ', "b", payload: "only"));
');
echo $old['stdout'], $old['stderr'];
$runs = [];
for ($i = 0; $i < 4; $i++) {
    $t = $q->reserve($name, 1, visibility: 30);
    if ($t === false) {
        continue;
    }
    $runs[] = $t['id'] . '=' . ($t['payload'] ?? '');
    $q->ack($name, $t['id'], $t['receipt']);
}
echo implode(' ', $runs), "\n";
echo json_encode($q->size($name)), "\n";
?>
--EXPECT--
{"moved":0,"settled":0,"zset":0,"inflight":0,"layout":"stream"}
bool(true)
bool(true)
a=first b=only
{"due":0,"delayed":0,"inflight":0,"dead":0}
