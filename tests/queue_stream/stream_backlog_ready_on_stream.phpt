--TEST--
RedisQueue stream layout: a backlog queued before any worker starts, by this release's producers and the previous release's (96b5191), waits on the stream, not in the zset, in every form
--DESCRIPTION--
Ready tasks of a queue on the stream layout go straight to the end of the stream
(so that workers drain a backlog with XREADGROUP alone, never by promotion from
the zset), whoever queues them: one id, a list over a page (several pages in one
write), ids with payloads, a payload over 64 KiB (by reference, in {K}:spare).
What stays out of the stream stays out: a delayed task waits in the zset, and an
id queued again while its run is in flight is parked behind that run. Then the
previous release's worker and this release's drain the backlog: every task runs
once with its payload, the parked run once after its first run, and the queue is
empty.
--SKIPIF--
<?php
require __DIR__ . '/../harness/old_release_test.inc';
if (($why = rl_old_release_unavailable('96b5191')) !== '') {
    die("skip $why");
}
?>
--INI--
max_execution_time=0
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/old_release_test.inc';
$old = rl_old_release('96b5191');
$raw = new RawRedis();
$q = rq_queue();
$name = rl_name();
$q->enqueue($name, 'warm-up');
$q->migrate($name);
$q->remove($name, 'warm-up');
$key = 'Queue:' . $name;
$index = '{' . $key . '}:index';

/* The producers' code, for either release: every form, and a delayed task. */
function produce(string $name, string $p): string
{
    return '
$q = new RedisQueue(rl_dsn());
$n = ' . var_export($name, true) . ';
$q->enqueue($n, "' . $p . '-one", payload: "one");
$q->enqueue($n, array_map(fn ($i) => "' . $p . '-list-$i", range(0, 299)));
$pay = [];
foreach (range(0, 599) as $i) { $pay["' . $p . '-pay-$i"] = "pay-$i"; }
$q->enqueue($n, array_keys($pay), payload: $pay);
$q->enqueue($n, "' . $p . '-big", payload: str_repeat("b", 70000));
$q->enqueue($n, "' . $p . '-late", afterInterval: 600);
';
}
$ready = [];
foreach (['n', 'o'] as $p) {
    $ready = array_merge($ready, ["$p-one", "$p-big"], array_map(fn ($i) => "$p-list-$i", range(0, 299)),
        array_map(fn ($i) => "$p-pay-$i", range(0, 599)));
}
eval(produce($name, 'n'));
$out = rl_run_old_php($old, produce($name, 'o') . 'echo "done\n";');
rq_check($out['stdout'] === "done\n", 'the previous release queued its tasks', $out);

$off = array_values(array_filter($ready, fn ($id) => (int) $raw->call('HEXISTS', $index, $id) === 0 || $raw->call('ZSCORE', $key, $id) !== null));
rq_check($off === [], count($ready) . ' ready tasks wait on the stream, none in the zset', array_slice($off, 0, 5));
$late = $raw->call('ZRANGE', $key, '0', '-1');
sort($late);
rq_check($late === ['n-late', 'o-late'], 'the delayed tasks wait in the zset', $late);

// An id queued again (by the previous release) while its run is in flight is parked behind it.
$first = $q->reserve($name, 1, 60);
$out = rl_run_old_php($old, '$q = new RedisQueue(rl_dsn()); $q->enqueue(' . var_export($name, true) . ', '
    . var_export($first['id'], true) . ', payload: "again"); echo "done\n";');
rq_check(str_contains((string) $raw->call('HGET', $index, $first['id']), '|') && $raw->call('ZSCORE', $key, $first['id']) === null,
    'a task queued again during its run is parked behind it, not in the zset', $raw->call('HGET', $index, $first['id']));
$q->ack($name, $first['id'], $first['receipt']);

// The previous release's worker drains a part, this release's the rest.
$out = rl_run_old_php($old, '$q = new RedisQueue(rl_dsn()); $n = ' . var_export($name, true) . '; $got = [];
for ($i = 0; $i < 700 && ($t = $q->reserve($n, 1, 60)) !== false; $i++) {
    $got[] = [$t["id"], $t["payload"] ?? null];
    $q->ack($n, $t["id"], $t["receipt"]);
}
echo json_encode($got), "\n";', 120);
$got = array_merge([[$first['id'], $first['payload'] ?? null]], json_decode($out['stdout'], true) ?? []);
while (($t = $q->reserve($name, 1, 60)) !== false) {
    $got[] = [$t['id'], $t['payload'] ?? null];
    $q->ack($name, $t['id'], $t['receipt']);
}
$runs = array_count_values(array_column($got, 0));
$expect = array_fill_keys($ready, 1);
$expect[$first['id']] = 2;
ksort($runs);
ksort($expect);
$payloads = [];
foreach ($got as [$id, $payload]) {
    $payloads[$id][] = $payload;
}
rq_check($runs === $expect, 'both workers ran every ready task once, the parked run once more', array_slice(array_diff_assoc($runs, $expect), 0, 5));
rq_check($payloads['n-pay-7'] === ['pay-7'] && $payloads['o-pay-599'] === ['pay-599'] && strlen($payloads['o-big'][0]) === 70000
    && $payloads[$first['id']][1] === 'again' && $payloads['o-list-3'] === [null],
    'each run had its own payload', [$payloads['n-pay-7'] ?? null, $payloads[$first['id']] ?? null]);
rq_check($q->size($name) === ['due' => 0, 'delayed' => 2, 'inflight' => 0, 'dead' => 0], 'only the delayed tasks are left', $q->size($name));
$q->clear($name);
?>
--EXPECT--
ok: the previous release queued its tasks
ok: 1804 ready tasks wait on the stream, none in the zset
ok: the delayed tasks wait in the zset
ok: a task queued again during its run is parked behind it, not in the zset
ok: both workers ran every ready task once, the parked run once more
ok: each run had its own payload
ok: only the delayed tasks are left
