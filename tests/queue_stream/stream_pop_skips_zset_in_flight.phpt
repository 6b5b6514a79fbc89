--TEST--
RedisQueue stream layout: pop() does not hand out an id whose run a worker of the release before the stream layout (d2e53ad) reserved is still in flight; it pops it once that run ends
--DESCRIPTION--
The release d2e53ad, built from this tree's git history, knows only the zset. On
a queue migrate() moved onto the stream, its producer queues X, its worker
reserves X from the zset, and its producer queues X again while that run is in
flight. This release's reserve() and pop() must not hand X out until the old
worker's ack ends the run; then pop() takes X once, with the later payload.
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
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue();
$q->migrate($name);
rq_check($raw->call('TYPE', "{Queue:$name}:stream") === 'stream', 'the queue is on the stream layout');

$old = rl_run_old_php($so, '
$q = new RedisQueue(rl_dsn());
$q->enqueue(' . var_export($name, true) . ', "X", payload: "run-1");
$r = $q->reserve(' . var_export($name, true) . ', 1, 30);
var_dump($r["id"]);
var_dump($q->enqueue(' . var_export($name, true) . ', "X", payload: "run-2"));   // again, while its run is in flight
echo $r["receipt"], "\n";
');
$lines = explode("\n", trim($old['stdout']));
$receipt = array_pop($lines);
echo implode("\n", $lines), "\n", $old['stderr'];
var_dump($q->reserve($name));
var_dump($q->pop($name));
$ack = rl_run_old_php($so, '
$q = new RedisQueue(rl_dsn());
var_dump($q->ack(' . var_export($name, true) . ', "X", ' . var_export($receipt, true) . '));
');
echo $ack['stdout'], $ack['stderr'];
$p = $q->pop($name);
var_dump($p['id'], $p['payload'] ?? null);
var_dump($q->pop($name));
?>
--EXPECT--
ok: the queue is on the stream layout
string(1) "X"
bool(true)
bool(false)
bool(false)
bool(true)
string(1) "X"
string(5) "run-2"
bool(false)
