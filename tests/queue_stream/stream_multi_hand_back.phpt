--TEST--
RedisQueue stream layout: reserve() over several queues hands the surplus back in the same write, in its place and uncounted; a reader that died before its hand-back costs no attempt
--DESCRIPTION--
A read of 100 over two queues returns the first queue's 3 tasks and hands the
second queue's 100 back in the same write (one script): they are reserved next in
their order, ahead of a task enqueued after them, each on its first attempt. An
entry delivered to a reader consumer whose hand-back never ran (a process killed
between the read and it) comes back after the visibility, with max_attempts 1,
on its first attempt: not dead.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$tag = rl_name();
$a = "{{$tag}}a";
$b = "{{$tag}}b";
$q = rq_queue();
foreach ([$a, $b] as $n) {                          // both queues on the stream, settings written
    $q->migrate($n);
    $q->enqueue($n, 'warm');
    $t = $q->reserve($n, 1, 30);
    $q->ack($n, $t['id'], $t['receipt']);
}
$bs = array_map(fn ($i) => "b$i", range(1, 120));
$q->enqueue($b, $bs);
$q->enqueue($a, ['a1', 'a2', 'a3']);
usleep(2000);                                       // the next entry ids are later
$q->enqueue($b, 'b-new');

// A read of 100 from both: a's 3 come back, b's 100 go back in one write.
$mon = rl_monitor();
rq_monitor_take($mon);
$got = $q->reserve([$a, $b], 100, 30);
$cmds = rq_own_commands(rq_monitor_take($mon), $tag);
var_dump(array_column($got, 'id'));
// One read, and at most the two queues' upkeep (once a second) and the hand-back.
$scripts = rq_count_commands($cmds, 'evalsha') + rq_count_commands($cmds, 'eval');
echo 'XREADGROUP ', rq_count_commands($cmds, 'xreadgroup'), "\n";
$sent = count(array_filter($cmds, fn ($c) => $c['from'] === 'client'));
rq_check($scripts >= 1 && $scripts <= 3 && $sent <= 4, 'the hand-back is one script in the same write', [$scripts, $sent]);
foreach ($got as $t) {
    $q->ack($a, $t['id'], $t['receipt']);
}

// b's tasks in their order, each on its first attempt, the newer one last.
$all = $q->reserve($b, 200, 30);
$ids = array_column($all, 'id');
rq_check($ids === [...$bs, 'b-new'], 'b in order, the handed-back ones ahead of the newer one', [array_slice($ids, 0, 3), array_slice($ids, -3)]);
rq_check(array_unique(array_column($all, 'attempts')) === [1], 'no attempt counted for the hand-back');
foreach ($all as $t) {
    $q->ack($b, $t['id'], $t['receipt']);
}

// A reader (a multi-queue read's consumer) that died before its hand-back:
// with max_attempts 1 its task is due again after the visibility, not dead.
$c = "{{$tag}}c";
$w = rq_queue(['max_attempts' => 1]);
$w->migrate($c);
$w->enqueue($c, 'lost');
$lost = $w->reserve($c, 1, 1);                      // a worker that dies: 'lost' is dead after 1 s
$w->enqueue($c, 'stranded');
$sc = array_values(array_filter(rq_keys_containing($raw, $tag), fn ($k) => str_contains($k, ':stream:') && str_ends_with($k, 'c')))[0];
$raw->call('XREADGROUP', 'GROUP', 'rl', str_repeat('0', 32) . '~', 'COUNT', '1', 'STREAMS', $sc, '>');
$deadline = microtime(true) + 60;
do {
    $t = $w->reserve($c, 1, 1, 1);
} while ((!$t || $t['id'] !== 'stranded') && microtime(true) < $deadline);
var_dump($t['id'] ?? null, $t['attempts'] ?? null, $lost['id'], $w->dead($c)[0]['id'] ?? null);
?>
--EXPECT--
array(3) {
  [0]=>
  string(2) "a1"
  [1]=>
  string(2) "a2"
  [2]=>
  string(2) "a3"
}
XREADGROUP 1
ok: the hand-back is one script in the same write
ok: b in order, the handed-back ones ahead of the newer one
ok: no attempt counted for the hand-back
string(8) "stranded"
int(1)
string(4) "lost"
string(4) "lost"
