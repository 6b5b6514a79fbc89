--TEST--
RedisQueue::migrate() moves a queue filled by the zset layout onto the stream and back, over several pages, losing no task, payload, attempt, delay or reservation
--DESCRIPTION--
600 due tasks (every other one with a payload), 3 of them released once (they
carry an attempt), 5 delayed ones and one reservation in flight, all written by
the zset layout. Forward: the due ids become stream entries in due order with
their carried attempts (the records leave their hash), each carrying its payload
(payloads by reference, which migrate() turns on, keep only those over 64 KiB
apart; the payload hash keeps the reservation in flight's), the delayed ones stay in the zset, the reservation stays in flight and its ack still
works. Back: every entry returns to the zset with its payload and attempts, the
stream, its index and settings go, and a zset-layout worker reserves every task
once, in the same order.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$old = rq_queue(['queue_layout' => 'zset']);          // a worker of the zset layout
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name();
$K = "{Queue:$name}";
$ids = array_map(fn ($i) => "t$i", range(1, 600));
$payloads = [];
foreach ($ids as $i => $id) {
    if ($i % 2 === 0) {
        $payloads[$id] = "payload of $id";
    }
}
$old->enqueue($name, $ids, 10, 0, false, $payloads);
$old->enqueue($name, ['d1', 'd2', 'd3', 'd4', 'd5'], 10, 600);
$held = $old->reserve($name);                          // stays in flight
$released = [];
foreach ($old->reserve($name, 3) as $t) {              // these carry an attempt
    $old->release($name, $t['id'], 0, $t['receipt']);
    $released[] = $t['id'];
}
$order = array_column($old->top($name, 1000), 'id');

$m = $q->migrate($name);
echo json_encode($m), "\n";
$entries = [];
foreach ($raw->call('XRANGE', "$K:stream", '-', '+') as [$eid, $flat]) {
    $f = [];
    for ($i = 0; $i < count($flat); $i += 2) {
        $f[$flat[$i]] = $flat[$i + 1];
    }
    $entries[] = $f;
}
rq_check(array_column($entries, 'i') === $order, 'the due tasks are entries, in due order', array_slice(array_column($entries, 'i'), 0, 5));
$ok = true;
foreach ($entries as $f) {
    $ok = $ok && !isset($f['r']) && ($f['p'] ?? null) === ($payloads[$f['i']] ?? null)
        && $raw->call('HEXISTS', "$K:payloads", $f['i']) === 0
        && ($f['a'] ?? '0') === (in_array($f['i'], $released, true) ? '1' : '0');
}
rq_check($ok, 'each entry carries its payload (64 KiB or less) and its attempts');
var_dump($raw->call('HLEN', "$K:index"), $raw->call('HLEN', "$K:payloads"), $raw->call('HKEYS', "$K:receipts") === [$held['id']]);
var_dump($raw->call('HGETALL', "$K:meta"));
var_dump($old->ack($name, $held['id'], $held['receipt']));

echo "back\n";
echo json_encode($q->migrate($name, true)), "\n";
var_dump(rq_keys_containing($raw, "$name}:stream"), rq_keys_containing($raw, "$name}:index"), rq_keys_containing($raw, "$name}:meta"));
$got = $old->reserve($name, 1000);
rq_check(array_column($got, 'id') === $order, 'a zset-layout worker reserves every task once, in order');
$ok = true;
foreach ($got as $t) {
    $ok = $ok && ($t['payload'] ?? null) === ($payloads[$t['id']] ?? null)
        && $t['attempts'] === (in_array($t['id'], $released, true) ? 2 : 1);
}
rq_check($ok, 'with its payload, and its attempts counted on');
echo json_encode($old->size($name)), "\n";
?>
--EXPECT--
{"moved":599,"settled":0,"zset":5,"inflight":1,"layout":"stream"}
ok: the due tasks are entries, in due order
ok: each entry carries its payload (64 KiB or less) and its attempts
int(599)
int(1)
bool(true)
array(2) {
  [0]=>
  string(1) "p"
  [1]=>
  string(1) "1"
}
bool(true)
back
{"moved":599,"settled":0,"zset":604,"inflight":0,"layout":"zset"}
array(0) {
}
array(0) {
}
array(0) {
}
ok: a zset-layout worker reserves every task once, in order
ok: with its payload, and its attempts counted on
{"due":0,"delayed":5,"inflight":599,"dead":0}
