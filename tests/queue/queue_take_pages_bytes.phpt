--TEST--
RedisQueue: reserve() and pop() end a page at 1 MiB of payloads (one task at least) on the zset layout, and pop() on the stream layout; the tasks past it come next, in order
--DESCRIPTION--
A call hands its tasks' payloads over in its script's reply, so a page is bounded
in bytes as well as in members. Three tasks of 600,000 bytes: reserve(10) and
pop(10) take one a call (two would pass 1 MiB), the next call takes the next one
in order; ten tasks of 100 bytes come in one call. On the stream layout with
payloads by reference (after migrate()), pop(10) does the same: the entries its
read delivered past the budget go back as if never read, and a reserve() then
gets them in order, each on its first attempt (in one call: its script reads
what fits in 1 MiB, plain reads the rest). Every payload arrives intact.
Order and counts only.
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();

function big(string $id): string
{
    return str_pad("$id:", 600000, $id);
}

function fill(RedisQueue $q, string $name, string $prefix, int $n, bool $big): array
{
    $want = [];
    for ($i = 1; $i <= $n; $i++) {
        $want["$prefix$i"] = $big ? big("$prefix$i") : str_repeat('s', 100);
        $q->enqueue($name, "$prefix$i", payload: $want["$prefix$i"]);
        usleep(1000);                                   // each due after the one before
    }
    return $want;
}

/** One call per round while tasks are due: the ids of each, and whether every payload was intact. */
function rounds(RedisQueue $q, string $name, array $want, bool $reserve): array
{
    $calls = [];
    $ok = true;
    for ($i = 0; $i < 10; $i++) {
        $got = $reserve ? $q->reserve($name, 10, 30) : $q->pop($name, 10);
        if (!$got) {
            break;
        }
        $ids = [];
        foreach ($got as $t) {
            $ids[] = $t['id'];
            $ok = $ok && ($t['payload'] ?? null) === $want[$t['id']];
            if ($reserve) {
                $ok = $ok && $t['attempts'] === 1;
                $q->ack($name, $t['id'], $t['receipt']);
            }
        }
        $calls[] = implode(',', $ids);
    }
    return [implode(' | ', $calls), $ok];
}

foreach (['reserve' => true, 'pop' => false] as $what => $reserve) {
    $name = rl_name();
    [$calls, $ok] = rounds($q, $name, fill($q, $name, 'b', 3, true), $reserve);
    echo "zset $what, 600,000 B: $calls\n";
    rq_check($ok, "zset $what: payloads intact");
    [$calls, $ok] = rounds($q, $name, fill($q, $name, 's', 10, false), $reserve);
    echo "zset $what, 100 B: $calls\n";
    rq_check($ok, "zset $what: small payloads intact");
}

$name = rl_name();
$q->enqueue($name, 'warm');
$q->migrate($name);
$q->remove($name, 'warm');
$want = fill($q, $name, 'b', 4, true);
$p = $q->pop($name, 10);
echo 'stream pop, 600,000 B: ', implode(',', array_column($p, 'id')), "\n";
rq_check($p[0]['payload'] === $want['b1'], 'stream pop: payload intact');
[$calls, $ok] = rounds($q, $name, $want, true);
echo "stream reserve after it: $calls\n";
rq_check($ok, 'stream reserve: the entries pop() gave back, in order, intact, on their first attempt');
rq_check($q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'nothing left', $q->size($name));
?>
--EXPECT--
zset reserve, 600,000 B: b1 | b2 | b3
ok: zset reserve: payloads intact
zset reserve, 100 B: s1,s2,s3,s4,s5,s6,s7,s8,s9,s10
ok: zset reserve: small payloads intact
zset pop, 600,000 B: b1 | b2 | b3
ok: zset pop: payloads intact
zset pop, 100 B: s1,s2,s3,s4,s5,s6,s7,s8,s9,s10
ok: zset pop: small payloads intact
stream pop, 600,000 B: b1
ok: stream pop: payload intact
stream reserve after it: b2,b3,b4
ok: stream reserve: the entries pop() gave back, in order, intact, on their first attempt
ok: nothing left
