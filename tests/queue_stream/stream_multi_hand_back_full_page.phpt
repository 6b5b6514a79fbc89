--TEST--
RedisQueue stream layout: a reserve() over several queues hands a full page of a later queue back in place, so its tasks keep their order
--DESCRIPTION--
reserve([q1, q2], 250) with one task in q1 and 300 in q2: the read delivers 250
of q2's to the reader, and the hand-back puts them back in place (no other read
came after), as it does for a page that is not full: the next reads of q2 get
j000 to j299 in order, each on its first attempt, and the reader consumer is
gone. Before: a full page was settled one by one to the stream's end, so j250 to
j299 came first. Order and counts only.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q1 = rl_name() . 'a';
$q2 = rl_name() . 'b';
$q = rq_queue();
foreach ([$q1, $q2] as $n) {
    $q->enqueue($n, 'boot');
    $q->migrate($n);
    $t = $q->reserve($n, 1, 30);
    $q->ack($n, $t['id'], $t['receipt']);
}
$ids = array_map(fn ($i) => sprintf('j%03d', $i), range(0, 299));
$q->enqueue($q2, $ids);
$q->enqueue($q1, 'one');
$got = $q->reserve([$q1, $q2], 250, 30);
rq_check(array_column($got, 'id') === ['one'], 'the first queue keeps its task', array_column($got, 'id'));
$q->ack($q1, 'one', $got[0]['receipt']);
$order = [];
$ok = true;
while (($page = $q->reserve($q2, 100, 30)) && count($order) < 300) {
    foreach ($page as $t) {
        $order[] = $t['id'];
        $ok = $ok && $t['attempts'] === 1;
        $q->ack($q2, $t['id'], $t['receipt']);
    }
}
rq_check($order === $ids, "q2's tasks in their order", array_slice($order, 0, 3));
rq_check($ok, 'each on its first attempt');
$consumers = array_map(fn ($c) => $c[1], $raw->call('XINFO', 'CONSUMERS', "{Queue:$q2}:stream", 'rl'));
rq_check(count(array_filter($consumers, fn ($n) => str_ends_with($n, '~'))) === 0, 'no reader consumer left', $consumers);
?>
--EXPECT--
ok: the first queue keeps its task
ok: q2's tasks in their order
ok: each on its first attempt
ok: no reader consumer left
