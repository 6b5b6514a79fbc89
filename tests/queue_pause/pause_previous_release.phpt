--TEST--
RedisQueue pause() beside the previous release (0.2.0): its stream workers get nothing and its reads that would misread are refused
--DESCRIPTION--
On the stream layout the previous release's workers get nothing from a paused queue (the parked group) and its producers' tasks wait; its migrate(back: true), top() and stats() are refused and change nothing. Its clear() and migrate() during a pause make the group anew, not parked (its workers then take tasks, documented): this release's pop(), its fast path too, parks it again and takes nothing. On the zset layout its workers do not see the pause (documented). After resume() every task runs once.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$so = rl_old_release('96b5191');
$raw = new RawRedis();
/* Runs $code in the previous release's php, with $q a queue and $n the queue's name. */
function old(string $so, string $name, string $code): string
{
    $r = rl_run_old_php($so, '$q = new RedisQueue(rl_dsn()); $n = ' . var_export($name, true) . '; ' . $code);
    return trim($r['stdout'] . $r['stderr']);
}
$take = 'function show($t) { echo $t === false ? "nothing" : $t["id"], " "; if ($t) { $GLOBALS["q"]->ack($GLOBALS["n"], $t["id"], $t["receipt"]); } }';
$q = rq_queue();

// The stream layout: the old worker reads the parked group.
$name = rl_name('stream');
$q->migrate($name);
$q->enqueue($name, 'a');
$q->pause($name);
echo 'old enqueue: ', old($so, $name, 'var_export($q->enqueue($n, "b"));'), "\n";
echo 'old reserve, pop: ', old($so, $name, $take . 'show($q->reserve($n, 1, 30, 0.3)); show($q->pop($n)); show($q->reserve([$n . "-none", $n], 1, 30));'), "\n";
$state = rq_queue_state($raw, $name);
$r = old($so, $name, 'try { $q->migrate($n, back: true); echo "moved"; } catch (RedisLockException $e) { echo get_class($e); }');
echo 'old migrate(back): ', str_contains($r, 'Exception') ? 'refused' : $r, "\n";
rq_check(rq_same_state(rq_queue_state($raw, $name), $state), 'the refused call changed nothing');
$r = old($so, $name, 'foreach (["top", "stats"] as $m) { try { $q->$m($n); echo "$m answered "; } catch (RedisLockException $e) { echo "$m refused "; } }');
echo 'old top(), stats(): ', $r, "\n";
rq_check(rq_same_state(rq_queue_state($raw, $name), $state), 'they changed nothing');
rq_check($q->reserve($name, 1, 30, 0.2) === false, 'this release gets nothing either');
$q->resume($name);
echo 'old after resume: ', old($so, $name, $take . 'show($q->reserve($n, 1, 30)); show($q->reserve($n, 1, 30)); show($q->reserve($n, 1, 30));'), "\n";
rq_check($q->size($name)['due'] === 0 && $q->size($name)['inflight'] === 0, 'every task ran once', $q->size($name));
$q->clear($name);

// The previous release's clear() and migrate() during a pause make the group anew,
// not parked: its workers take the tasks (documented); this release's pop(), its
// fast path too (the same queue popped again within a second), parks it and
// takes nothing.
$name = rl_name('remade');
$stream = '{Queue:' . $name . '}:stream';
$groups = fn () => array_map(fn ($g) => $g[1], $raw->call('XINFO', 'GROUPS', $stream));
$q->migrate($name);
$q->pause($name);
echo 'old clear(), migrate(), enqueue(), reserve(): ', old($so, $name, $take . '$q->clear($n); $q->migrate($n); $q->enqueue($n, "o"); show($q->reserve($n, 1, 30));'), "\n";
rq_check($groups() === ['rl'], 'the group is made anew, not parked', $groups());
$q->resume($name);
$q->enqueue($name, ['w1', 'w2']);
$pq = rq_queue();
rq_check($pq->pop($name)['id'] === 'w1' && $pq->pop($name)['id'] === 'w2', 'this release pops the queue');
$q->pause($name);
// As the previous release's clear() and migrate() leave it, at once (within the second).
$raw->call('DEL', $stream);
$raw->call('XGROUP', 'CREATE', $stream, 'rl', '0', 'MKSTREAM');
$q->enqueue($name, ['x', 'y']);
rq_check($pq->pop($name) === false, "this release's next pop() takes nothing from the paused queue");
rq_check($groups() === ['rl', 'rl.p'], 'and parked the group');
$q->resume($name);
rq_check(array_column($q->pop($name, 5), 'id') === ['x', 'y'], 'resumed: both tasks, once');
$q->clear($name);

// The zset layout: the old worker's take script does not know the pause.
$name = rl_name('zset');
$q->enqueue($name, 'a');
$q->pause($name);
rq_check($q->reserve($name) === false, 'this release gets nothing');
echo 'old reserve: ', old($so, $name, $take . 'show($q->reserve($n, 1, 30));'), "\n";
$q->resume($name);
rq_check($q->reserve($name) === false, 'a ran once');
$q->clear($name);
?>
--EXPECT--
old enqueue: true
old reserve, pop: nothing nothing nothing
old migrate(back): refused
ok: the refused call changed nothing
old top(), stats(): top refused stats refused
ok: they changed nothing
ok: this release gets nothing either
old after resume: a b nothing
ok: every task ran once
old clear(), migrate(), enqueue(), reserve(): o
ok: the group is made anew, not parked
ok: this release pops the queue
ok: this release's next pop() takes nothing from the paused queue
ok: and parked the group
ok: resumed: both tasks, once
ok: this release gets nothing
old reserve: a
ok: a ran once
