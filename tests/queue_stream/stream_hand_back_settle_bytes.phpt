--TEST--
RedisQueue stream layout: a hand-back that settles the surplus one by one copies at most 1 MiB of payloads; the rest lapse to the consumer '~' and come back uncounted
--DESCRIPTION--
A reserve() over two queues hands the second queue's entries back. When another
read came after its own, they cannot go back in place: each is settled, which
copies the payload its entry carries (64 KiB or less). That script copies 1 MiB
at most and one more payload: of 40 entries of 60,000 bytes it settles 18, and
hands the other 22 to the consumer '~' as lapsed, for the upkeep to
settle uncounted in its own pages. A worker then gets all 40 (and the newer
task), each with its payload and on its first attempt. The budget is the
script's, over all the queues: with two later queues of 30 such entries each,
18 are settled in all and 42 lapse to '~'. Before: one script
settled all 40 (250 entries of 64 KiB: 15.6 MiB copied in one script). State
and counts only; the wait is a bound against a hang.
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$q1 = rl_name() . 'a';
$q2 = rl_name() . 'b';
$K2 = "{Queue:$q2}";
$A = rq_queue();
foreach ([$q1, $q2] as $n) {
    $A->enqueue($n, 'boot');
    $A->migrate($n);
    $t = $A->reserve($n, 1, 5);
    $A->ack($n, $t['id'], $t['receipt']);
}
$consumer = explode('/', $t['receipt'])[1];
$want = [];
for ($i = 1; $i <= 40; $i++) {
    $want["e$i"] = str_pad("e$i:", 60000, 'x');
}
$A->enqueue($q2, array_keys($want), payload: $want);
$A->enqueue($q1, 'one');
// The read of A's reserve() over both queues, as its reader consumer: q2's forty.
$raw->call('XREADGROUP', 'GROUP', 'rl', "$consumer~", 'COUNT', '250', 'STREAMS', "$K2:stream", '>');
// Another read of q2 after it: the forty cannot go back in place.
$A->enqueue($q2, 'newer', payload: 'n');
$B = rq_queue();
$b = $B->reserve($q2, 1, 5);
rq_check($b['id'] === 'newer' && $B->ack($q2, 'newer', $b['receipt']), 'another worker read q2 after it');
$got = $A->reserve([$q1, $q2], 1, 5);
rq_check($got['id'] === 'one', "A keeps the first queue's task");
$A->ack($q1, 'one', $got['receipt']);
$by = [];
foreach ($raw->call('XPENDING', "$K2:stream", 'rl')[3] ?? [] as [$c, $n]) {
    $by[$c] = (int) $n;
}
echo 'settled in the hand-back (ready again): ', $raw->call('XLEN', "$K2:stream") - array_sum($by), "; lapsed to '~': ", $by['~'] ?? 0,
    '; left with the reader: ', $by["$consumer~"] ?? 0, "\n";
$W = rq_queue();
$back = [];
$ok = true;
$deadline = microtime(true) + 60;
while (count($back) < 40 && microtime(true) < $deadline) {
    foreach ($W->reserve($q2, 50, 5, 0.5) ?: [] as $t) {
        $back[$t['id']] = true;
        $ok = $ok && $t['attempts'] === 1 && $t['payload'] === $want[$t['id']];
        $W->ack($q2, $t['id'], $t['receipt']);
    }
}
rq_check(count($back) === 40 && $ok, 'all forty back, each with its payload, on its first attempt', count($back));
rq_check($W->size($q2) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'nothing left', $W->size($q2));

// The budget is the script's, over all the later queues: three queues, the
// second and third with 30 entries each, another read after on both.
$r = [rl_name() . 'a', rl_name() . 'b', rl_name() . 'c'];
foreach ($r as $n) {
    $A->enqueue($n, 'boot');
    $A->migrate($n);
    $t = $A->reserve($n, 1, 5);
    $A->ack($n, $t['id'], $t['receipt']);
}
$consumer = explode('/', $t['receipt'])[1];
$want = [];
foreach ([$r[1], $r[2]] as $n) {
    $ids = [];
    for ($i = 1; $i <= 30; $i++) {
        $ids["$n/$i"] = str_pad("$n/$i:", 60000, 'y');
    }
    $A->enqueue($n, array_keys($ids), payload: $ids);
    $want += $ids;
    $raw->call('XREADGROUP', 'GROUP', 'rl', "$consumer~", 'COUNT', '250', 'STREAMS', "{Queue:$n}:stream", '>');
    $A->enqueue($n, 'newer', payload: 'n');
    $b = $B->reserve($n, 1, 5);
    $B->ack($n, 'newer', $b['receipt']);
}
$A->enqueue($r[0], 'one');
$got = $A->reserve($r, 1, 5);
$A->ack($r[0], 'one', $got['receipt']);
$tilde = 0;
foreach ([$r[1], $r[2]] as $n) {
    foreach ($raw->call('XPENDING', "{Queue:$n}:stream", 'rl')[3] ?? [] as [$c, $k]) {
        $tilde += $c === '~' ? (int) $k : 0;
    }
}
echo "two later queues, 60 entries: settled in the hand-back ", 60 - $tilde, ", lapsed to '~' $tilde\n";
$back = [];
$ok = true;
$deadline = microtime(true) + 60;
while (count($back) < 60 && microtime(true) < $deadline) {
    foreach ([$r[1], $r[2]] as $n) {
        foreach ($W->reserve($n, 50, 5, 0.2) ?: [] as $t) {
            $back[$t['id']] = true;
            $ok = $ok && $t['attempts'] === 1 && $t['payload'] === $want[$t['id']];
            $W->ack($n, $t['id'], $t['receipt']);
        }
    }
}
rq_check(count($back) === 60 && $ok, 'all sixty back, each with its payload, on its first attempt', count($back));
?>
--EXPECT--
ok: another worker read q2 after it
ok: A keeps the first queue's task
settled in the hand-back (ready again): 18; lapsed to '~': 22; left with the reader: 0
ok: all forty back, each with its payload, on its first attempt
ok: nothing left
two later queues, 60 entries: settled in the hand-back 18, lapsed to '~' 42
ok: all sixty back, each with its payload, on its first attempt
